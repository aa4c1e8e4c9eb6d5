"""The models of the API's bodies, generated from the spec (see `_generated/models.py`).

Each model is looked up in the generated module on first use, so that a spec whose models
load lazily (a large one) is not built whole by importing this module.
"""

from typing import TYPE_CHECKING, Any

from product_analytics._generated import models as _models

if TYPE_CHECKING:
    from product_analytics._generated.models import *  # noqa: F403


def __getattr__(name: str) -> Any:
    return getattr(_models, name)


def __dir__() -> list[str]:
    return dir(_models)
