from tests.support import aioresponses_compat

aioresponses_compat.install()
