"""The client's settings, resolved from arguments and environment variables and checked."""

from __future__ import annotations

import hashlib
import ipaddress
import os
import ssl
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any
from urllib.parse import urlsplit

from multidict import CIMultiDict

from product_analytics._common.scopes import normalize_scopes
from product_analytics._common.warn import warn_once
from product_analytics._http.decode import Answer
from product_analytics._http.wire import build_headers, check_timeout
from product_analytics._sending.retry import RetryPolicy
from product_analytics._sending.throttle import RateLimit, check_store
from product_analytics._transport.base import Transport
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


class Secret:
    """The API key: its repr and str hide it; `header` is the Authorization value.

    The client wraps the key it is given in a Secret first thing, before checking it, so
    that no frame of the SDK holds the key as a plain `str` local, which a traceback's
    locals (`capture_locals`, crash reporters) would show.
    """

    __slots__ = ("_value", "header")

    def __init__(self, value: str) -> None:
        self._value = value
        # The Authorization value, made once: every request carries it.
        self.header = f"Bearer {value}" if isinstance(value, str) else ""

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

    def hidden_in(self, answer: Answer) -> Answer:
        """`answer` with the key replaced by `***` in its body and header values: a server,
        proxy or echo service that quotes the request's headers must not put the key into
        an error's text or attributes. Called only for an answer that becomes an error."""
        key = self._value if isinstance(self._value, str) else ""
        if not key:
            return answer
        body, headers, encoded = answer.body, answer.headers, key.encode()
        if encoded in body:
            body = body.replace(encoded, b"***")
        if any(key in value for value in headers.values()):
            headers = CIMultiDict(
                (name, value.replace(key, "***")) for name, value in headers.items()
            )
        return answer._replace(body=body, headers=headers)

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


_LOOPBACK_HOSTS = frozenset({"localhost", "::1"})
THROTTLE_STORE_ENV = "PRODUCT_ANALYTICS_THROTTLE_STORE"


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


def _check_base_url(name: str, value: object) -> str:
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


def _env_value(environ: Mapping[str, str], name: str) -> str | None:
    """The value of the environment variable `name`, stripped; None when unset or blank."""
    value = environ.get(name, "").strip()
    return value or None


def _timeout(name: str, value: object) -> float:
    """The client's timeout (or deadline), checked as a per-call one is, but never None."""
    try:
        seconds = check_timeout(value, name)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise ConfigurationError(str(exc)) from None
    if seconds is None:
        raise ConfigurationError(f"{name} must be a number of seconds, got None")
    return seconds


def _optional_timeout(name: str, value: object) -> float | None:
    return None if value is None else _timeout(name, value)


def _count(name: str, value: object, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigurationError(f"{name} must be an int")
    if value < minimum:
        raise ConfigurationError(f"{name} must be >= {minimum}")
    return value


def _positive(name: str, value: object) -> int:
    return _count(name, value, minimum=1)


def _non_negative(name: str, value: object) -> int:
    return _count(name, value, minimum=0)


def _project_id(name: str, value: object) -> str | int | None:
    return _optional_id(name, value, allow_int=True)


def _optional_id(name: str, value: object, *, allow_int: bool = False) -> str | int | None:
    if value is None or (isinstance(value, str) and value):
        return value
    if allow_int and type(value) is int:
        return value
    kind = "a non-empty str or an int" if allow_int else "a non-empty str"
    raise ConfigurationError(f"{name} must be {kind}")


def _scopes(name: str, value: Iterable[str] | None) -> frozenset[str] | None:
    """The scopes, or None; a scope of the wrong form is a `ConfigurationError`, a value of
    the wrong type (one string, a number) a `TypeError`."""
    try:
        return None if value is None else normalize_scopes(value)
    except ValueError as exc:
        raise ConfigurationError(f"scopes: {exc}") from None


def _bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ConfigurationError(f"{name} must be a bool")
    return value


def _optional_str(name: str, value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ConfigurationError(f"{name} must be a str or None")
    return value


def _throttle_store(name: str, value: object) -> str | None:
    return check_store(_optional_str(name, value), f"{name} (the argument or {THROTTLE_STORE_ENV})")


def _transport(name: str, value: object) -> Transport | None:
    if value is not None and not isinstance(value, Transport):
        raise TypeError("transport must have async send(request, *, timeout) and close()")
    return value


def _retry_policy(name: str, value: object) -> RetryPolicy:
    if value is None:
        return RetryPolicy()
    if not isinstance(value, RetryPolicy):
        raise TypeError("retry_policy must be a RetryPolicy")
    return value


def _proxy(name: str, value: object) -> str | None:
    """A proxy URL (http:// or https://, credentials allowed), or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ConfigurationError("proxy must be a URL such as 'http://proxy:3128', or None")
    try:
        parts = urlsplit(value.strip())
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise ConfigurationError("proxy is not a valid URL (check its host and port)") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        # Not echoed: a proxy URL may hold a password.
        raise ConfigurationError("proxy must be an http(s) URL such as 'http://proxy:3128'")
    return value.strip()


def _verify(name: str, value: object) -> bool | str | ssl.SSLContext:
    """True, False, an `ssl.SSLContext`, or the path of a CA bundle (a file or a directory
    of certificates) that exists."""
    if isinstance(value, (bool, ssl.SSLContext)):
        return value
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        if not isinstance(path, str) or not os.path.exists(path):
            raise ConfigurationError(f"verify: no CA bundle at {path!r}")
        return path
    raise ConfigurationError("verify must be a bool, a CA bundle path or an ssl.SSLContext")


def _default_headers(name: str, value: Mapping[str, str] | None) -> Mapping[str, str]:
    """The headers, read-only, checked as a call's `extra_headers` are: no `Authorization`
    (the key sets it), no framing header, no line break."""
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, Mapping):
        raise ConfigurationError("default_headers must be a mapping of str to str")
    headers = dict(value)
    try:
        build_headers(headers, has_body=False)
    except (TypeError, ValueError) as exc:
        raise ConfigurationError(f"default_headers: {exc}") from None
    return MappingProxyType(headers)


def _setting(
    check: Callable[[str, Any], Any], *, env: str | None = None, shared: bool = False
) -> dict[str, Any]:
    """The metadata of a field of `ClientConfig`: `check(name, value)` gives the value kept
    (or raises); `env` is the variable read when the argument is None; `shared` settings
    make the parts a client family shares, so `with_options` cannot change them."""
    return {"check": check, "env": env, "shared": shared}


def _kept(name: str, value: Any) -> Any:
    """Kept as given: checked by the part that uses it (the throttle state, the transport)."""
    return value


@dataclass(frozen=True)
class ClientConfig:
    """Checked client settings, one field per keyword of `AsyncClient` (whose signature
    holds the defaults): the one declaration `resolve` and `with_options` are driven by.
    The API key is a `Secret`: no repr shows it, nor the proxy or the throttle store (their
    URLs may hold a password)."""

    api_key: Secret = field(repr=False, metadata={"env": API_KEY_ENV, "shared": True})
    base_url: str = field(metadata=_setting(_check_base_url, env=BASE_URL_ENV, shared=True))
    scopes: frozenset[str] | None = field(metadata=_setting(_scopes))
    timeout: float = field(metadata=_setting(_timeout))
    max_retries: int = field(metadata=_setting(_non_negative))
    max_concurrency: int = field(metadata=_setting(_positive, shared=True))
    project_id: str | int | None = field(metadata=_setting(_project_id, env=PROJECT_ID_ENV))
    organization_id: str | None = field(metadata=_setting(_optional_id, env=ORGANIZATION_ID_ENV))
    deadline: float | None = field(metadata=_setting(_optional_timeout))
    max_response_bytes: int = field(metadata=_setting(_positive))
    max_page_items: int = field(metadata=_setting(_positive))
    rate_limit: RateLimit | Mapping[str, RateLimit] | None = field(
        metadata=_setting(_kept, shared=True)
    )
    transport: Transport | None = field(metadata=_setting(_transport, shared=True))
    retry_policy: RetryPolicy = field(metadata=_setting(_retry_policy))
    require_https: bool = field(metadata=_setting(_bool))
    proxy: str | None = field(repr=False, metadata=_setting(_proxy, shared=True))
    trust_env: bool = field(metadata=_setting(_bool, shared=True))
    verify: bool | str | ssl.SSLContext = field(metadata=_setting(_verify, shared=True))
    default_headers: Mapping[str, str] = field(metadata=_setting(_default_headers))
    throttle_store: str | None = field(
        repr=False, metadata=_setting(_throttle_store, env=THROTTLE_STORE_ENV, shared=True)
    )

    def throttle_namespace(self) -> str:
        """The prefix of this key's throttle state in a shared store: a digest of the key and
        the service's URL (the key itself is never stored)."""
        digest = hashlib.sha256(f"{self.api_key.header}\n{self.base_url}".encode()).hexdigest()
        return f"product_analytics:{digest[:24]}"

    @classmethod
    def resolve(
        cls, settings: Mapping[str, Any], environ: Mapping[str, str] = os.environ
    ) -> ClientConfig:
        """Settings from `settings` (every field, by name), each checked.

        A setting with a variable (`api_key`: `PRODUCT_ANALYTICS_API_KEY`, `base_url`:
        `PRODUCT_ANALYTICS_BASE_URL`, `project_id`, `organization_id`, `throttle_store`)
        given as None is read from it; an empty variable counts as unset. A missing key or
        URL, or a bad value, raises `ConfigurationError` (a `ValueError`) naming the argument
        and the variable. The key is held only inside a `Secret`: neither it nor the
        environment (which may hold it) is a local of this frame when an error is raised.
        """
        values: dict[str, Any] = {}
        for setting in fields(cls):
            value = settings[setting.name]
            env = setting.metadata.get("env")
            if value is None and env is not None:
                value = _env_value(environ, env)
            values[setting.name] = value
        del environ
        secret = Secret.of(values.pop("api_key"))
        if secret is None:
            raise ConfigurationError(
                f"no API key: pass AsyncClient(api_key=...) or set {API_KEY_ENV}"
            )
        if values["base_url"] is None:
            raise ConfigurationError(
                f"no base URL: pass AsyncClient(base_url=...) or set {BASE_URL_ENV}"
            )
        config = cls(api_key=secret.checked(), **_checked(values))
        _check_transport_security(config.base_url, config.require_https)
        return config

    def replaced(self, changes: Mapping[str, Any]) -> ClientConfig:
        """These settings with `changes` (checked; no variable is read): what
        `with_options` makes. Changing a shared setting, or a name that is no setting, is a
        `TypeError`."""
        names = {setting.name: setting for setting in fields(self)}
        unknown = sorted(set(changes) - set(names))
        if unknown:
            raise TypeError(f"with_options() got unexpected keyword arguments: {unknown}")
        shared = sorted(name for name in changes if names[name].metadata.get("shared"))
        if shared:
            raise TypeError(
                f"with_options cannot change {', '.join(shared)}: the client it makes "
                "shares this one's key, connection pool and throttle state; create a new "
                "AsyncClient instead"
            )
        config = replace(self, **_checked(changes))
        _check_transport_security(config.base_url, config.require_https)
        return config


def _checked(values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` (by setting name, the key excepted) each through its setting's check."""
    checks: dict[str, Any] = {s.name: s.metadata.get("check") for s in fields(ClientConfig)}
    return {name: checks[name](name, value) for name, value in values.items()}
