"""Names tests/unit/test_retries.py (the last file here; it belongs in tests/retries/) imports
from `.conftest`: they live in tests.support.mock_client, whose fixtures the root conftest
shares."""

from tests.support.mock_client import *  # noqa: F403
