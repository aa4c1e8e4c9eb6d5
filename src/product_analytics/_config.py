"""The client's settings, resolved from arguments and environment variables and checked."""

from __future__ import annotations

import hashlib
import ipaddress
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from product_analytics._scopes import normalize_scopes
from product_analytics._warn import warn_once
from product_analytics._wire import check_timeout
from product_analytics.errors import ConfigurationError

__all__ = [
    "API_KEY_ENV",
    "BASE_URL_ENV",
    "ORGANIZATION_ID_ENV",
    "PROJECT_ID_ENV",
    "THROTTLE_STORE_ENV",
    "ClientConfig",
    "InsecureTransportWarning",
    "Secret",
]

API_KEY_ENV = "PRODUCT_ANALYTICS_API_KEY"
BASE_URL_ENV = "PRODUCT_ANALYTICS_BASE_URL"
PROJECT_ID_ENV = "PRODUCT_ANALYTICS_PROJECT_ID"
ORGANIZATION_ID_ENV = "PRODUCT_ANALYTICS_ORGANIZATION_ID"
THROTTLE_STORE_ENV = "PRODUCT_ANALYTICS_THROTTLE_STORE"


class Secret:
    """The API key: its repr and str hide it; `header` is the Authorization value.

    The client wraps the key it is given in a Secret first thing, before checking it, so
    that no frame of the SDK holds the key as a plain `str` local, which a traceback's
    locals (`capture_locals`, crash reporters) would show.
    """

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    @classmethod
    def of(cls, value: object) -> Secret | None:
        """`value` wrapped as it is, unchecked (see `checked`); None for None."""
        if value is None or isinstance(value, Secret):
            return value
        return cls(value)  # type: ignore[arg-type]

    def checked(self) -> Secret:
        """This key without surrounding whitespace; `ConfigurationError` (which never echoes
        it) when it is not a usable key."""
        if not isinstance(self._value, str) or not self._value.strip():
            raise ConfigurationError("api_key must be a non-empty string")
        if any(c.isspace() or not c.isprintable() for c in self._value.strip()):
            raise ConfigurationError(
                "api_key must not hold whitespace, line breaks or control characters"
            )
        return Secret(self._value.strip())

    @property
    def header(self) -> str:
        return f"Bearer {self._value}"

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("the API key is not pickled")


class InsecureTransportWarning(UserWarning):
    """The client sends its API key in clear text: an http:// base_url to a host that is not
    this machine."""


DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
DEFAULT_MAX_PAGE_ITEMS = 10_000
_LOOPBACK_HOSTS = frozenset({"localhost", "::1"})


@dataclass(frozen=True)
class ClientConfig:
    """Checked client settings. The API key is a `Secret`: no repr shows it."""

    api_key: Secret = field(repr=False)
    base_url: str
    scopes: frozenset[str] | None
    timeout: float
    max_retries: int
    max_concurrency: int
    project_id: str | int | None
    organization_id: str | None
    deadline: float | None = None
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    max_page_items: int = DEFAULT_MAX_PAGE_ITEMS
    require_https: bool = False

    def throttle_namespace(self) -> str:
        """The prefix of this key's throttle state in a shared store: a digest of the key and
        the service's URL (the key itself is never stored)."""
        digest = hashlib.sha256(f"{self.api_key.header}\n{self.base_url}".encode()).hexdigest()
        return f"product_analytics:{digest[:24]}"

    @classmethod
    def resolve(
        cls,
        *,
        api_key: Secret | str | None,
        base_url: str | None,
        scopes: Iterable[str] | None,
        timeout: float,
        max_retries: int,
        max_concurrency: int,
        project_id: str | int | None,
        organization_id: str | None,
        deadline: float | None = None,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        max_page_items: int = DEFAULT_MAX_PAGE_ITEMS,
        require_https: bool = False,
        environ: Mapping[str, str] = os.environ,
    ) -> ClientConfig:
        """Settings from the arguments, falling back to the environment.

        `api_key`, `base_url`, `project_id` and `organization_id` left as None are read from
        `PRODUCT_ANALYTICS_API_KEY`, `PRODUCT_ANALYTICS_BASE_URL`,
        `PRODUCT_ANALYTICS_PROJECT_ID` and `PRODUCT_ANALYTICS_ORGANIZATION_ID`; an argument
        given always wins over its variable, and an empty variable counts as unset. A
        missing key or URL, or a bad value, raises `ConfigurationError` (a `ValueError`)
        naming the argument and the variable.
        The key is held only inside a `Secret` here too: neither it nor the environment
        (which may hold it) is a local of this frame when an error is raised.
        """
        secret, api_key = Secret.of(api_key), None
        if secret is None:
            secret = Secret.of(environ.get(API_KEY_ENV) or None)
        if base_url is None:
            base_url = environ.get(BASE_URL_ENV) or None
        if project_id is None:
            project_id = _env_id(environ, PROJECT_ID_ENV)
        if organization_id is None:
            organization_id = _env_id(environ, ORGANIZATION_ID_ENV)
        del environ
        if secret is None:
            raise ConfigurationError(
                f"no API key: pass AsyncClient(api_key=...) or set {API_KEY_ENV}"
            )
        secret = secret.checked()
        if base_url is None:
            raise ConfigurationError(
                f"no base URL: pass AsyncClient(base_url=...) or set {BASE_URL_ENV}"
            )
        base_url = _check_base_url(base_url)
        if not isinstance(require_https, bool):
            raise ConfigurationError("require_https must be a bool")
        _check_transport_security(base_url, require_https)
        return cls(
            api_key=secret,
            base_url=base_url,
            scopes=None if scopes is None else normalize_scopes(scopes),
            timeout=_timeout(timeout),
            max_retries=_count("max_retries", max_retries, minimum=0),
            max_concurrency=_count("max_concurrency", max_concurrency, minimum=1),
            project_id=_optional_id("project_id", project_id, allow_int=True),
            organization_id=_optional_id("organization_id", organization_id, allow_int=False),  # type: ignore[arg-type]
            deadline=None if deadline is None else _timeout(deadline, "deadline"),
            max_response_bytes=_count("max_response_bytes", max_response_bytes, minimum=1),
            max_page_items=_count("max_page_items", max_page_items, minimum=1),
            require_https=require_https,
        )


def _check_transport_security(base_url: str, require_https: bool) -> None:
    """Warn once per host (or refuse, with `require_https`) where the key would travel in
    clear text: http:// to a host that is not loopback."""
    parts = urlsplit(base_url)
    host = (parts.hostname or "").lower()
    if parts.scheme != "http" or _is_loopback(host):
        return
    if require_https:
        raise ConfigurationError(
            f"base_url is http:// to {host}: the API key would be sent in clear text, and "
            "require_https=True refuses that; use https://"
        )
    warn_once(
        InsecureTransportWarning,
        host,
        f"base_url is http:// to {host}: the API key is sent in clear text; use https:// "
        "(or require_https=True to refuse this)",
    )


def _is_loopback(host: str) -> bool:
    if host in _LOOPBACK_HOSTS or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _check_base_url(value: object) -> str:
    if not isinstance(value, str):
        raise ConfigurationError("base_url must be a string such as 'https://host'")
    value = value.strip()
    if any(c.isspace() or not c.isprintable() for c in value):
        raise ConfigurationError("base_url must not hold whitespace or control characters")
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number 0-65535
    except ValueError:
        raise ConfigurationError("base_url is not a valid URL (check its host and port)") from None
    if parts.username is not None or parts.password is not None:
        # Not echoed: the URL holds credentials.
        raise ConfigurationError(
            "base_url must not hold credentials (user:password@); the API key is the only "
            "authentication"
        )
    # The value is not echoed: a swapped argument or variable could be the API key.
    if parts.scheme not in ("http", "https"):
        raise ConfigurationError(
            "base_url must be an http(s) URL such as 'https://host': it does not start with "
            "http:// or https://"
        )
    if not parts.hostname:
        raise ConfigurationError(
            "base_url must be an http(s) URL such as 'https://host': it has no host"
        )
    if parts.query or parts.fragment:
        raise ConfigurationError("base_url must not hold a query or a fragment")
    path = parts.path.rstrip("/")
    if path.rsplit("/", 1)[-1].lower() == "api":
        # Safe to echo: the scheme and host were checked above, and credentials refused.
        suggestion = f"{parts.scheme}://{parts.netloc}{path[: -len('/api')]}"
        raise ConfigurationError(
            "base_url must not end in /api: every operation's path already starts with "
            f"/api/, so requests would go to /api/api/...; use {suggestion!r}"
        )
    return f"{parts.scheme}://{parts.netloc}{path}"


def _env_id(environ: Mapping[str, str], name: str) -> str | None:
    """The id in the environment variable `name`, stripped; None when unset or blank."""
    value = environ.get(name, "").strip()
    return value or None


def _timeout(value: object, name: str = "timeout") -> float:
    """The client's timeout (or deadline), checked as a per-call one is, but never None."""
    try:
        seconds = check_timeout(value, name)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise ConfigurationError(str(exc)) from None
    if seconds is None:
        raise ConfigurationError(f"{name} must be a number of seconds, got None")
    return seconds


def _count(name: str, value: object, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigurationError(f"{name} must be an int")
    if value < minimum:
        raise ConfigurationError(f"{name} must be >= {minimum}")
    return value


def _optional_id(name: str, value: object, *, allow_int: bool) -> str | int | None:
    if value is None or (isinstance(value, str) and value):
        return value
    if allow_int and type(value) is int:
        return value
    kind = "a non-empty str or an int" if allow_int else "a non-empty str"
    raise ConfigurationError(f"{name} must be {kind}")
