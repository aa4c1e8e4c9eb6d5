from collections.abc import Iterator

import pytest

from product_analytics import ExperimentalOperationWarning, PersonalApiKeyWarning, _warn
from product_analytics._generated.operations import ALL
from tests.support import aioresponses_compat

aioresponses_compat.install()

REFUSING_PERSONAL_API_KEYS = frozenset(
    op.operation_id for op in ALL if not op.personal_api_key_allowed
)
EXPERIMENTAL = frozenset(op.operation_id for op in ALL if op.experimental)


@pytest.fixture(autouse=True)
def _once_warnings_already_given() -> Iterator[None]:
    """Mark the operations the live service refuses to personal API keys, and the
    experimental ones, as warned about, so that calling them in a test about something else
    does not raise (warnings are errors). Restored afterwards."""
    for operation_id in REFUSING_PERSONAL_API_KEYS:
        _warn.mark_given(PersonalApiKeyWarning, operation_id)
    for operation_id in EXPERIMENTAL:
        _warn.mark_given(ExperimentalOperationWarning, operation_id)
    yield
    _warn.forget(PersonalApiKeyWarning)
    _warn.forget(ExperimentalOperationWarning)


@pytest.fixture
def fresh_personal_api_key_warnings() -> None:
    """As in a fresh process: no personal-API-key warning has been given yet."""
    _warn.forget(PersonalApiKeyWarning)
