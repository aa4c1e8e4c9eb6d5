"""`ApiModel`, the base of the generated models."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

__all__ = ["ApiModel"]


class ApiModel(BaseModel):
    """A body of the API: a pydantic model that keeps the fields the service sends beyond
    those it declares (`extra="allow"`), as every model of a schema does."""

    model_config: ClassVar[ConfigDict] = ConfigDict(extra="allow")
