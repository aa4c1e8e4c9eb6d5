from collections.abc import Iterator

import pytest

import product_analytics._client as client_module
from product_analytics._generated.operations import ALL
from tests.support import aioresponses_compat

aioresponses_compat.install()

REFUSING_PERSONAL_API_KEYS = frozenset(
    op.operation_id for op in ALL if not op.personal_api_key_allowed
)


@pytest.fixture(autouse=True)
def _personal_api_key_warnings_already_given() -> Iterator[None]:
    """Mark the operations the live service refuses to personal API keys as warned about, so
    that calling them in a test about something else does not raise (warnings are errors).
    Restored afterwards."""
    saved = set(client_module._warned_personal_api_key)
    client_module._warned_personal_api_key.update(REFUSING_PERSONAL_API_KEYS)
    yield
    client_module._warned_personal_api_key.clear()
    client_module._warned_personal_api_key.update(saved)


@pytest.fixture
def fresh_personal_api_key_warnings() -> None:
    """As in a fresh process: no personal-API-key warning has been given yet."""
    client_module._warned_personal_api_key.clear()
