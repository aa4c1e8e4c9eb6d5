"""`_http.wire` as pure functions over plain values: building a request, resolving links,
following redirects, decoding answers. No client, no transport."""

from __future__ import annotations

import json

import pytest

from product_analytics import (
    BadRequestError,
    InternalServerError,
    NotFoundError,
    RateLimitError,
    ResponseValidationError,
)
from product_analytics._generated import operations as ops
from product_analytics._http.decode import Answer, decode_error, decode_success
from product_analytics._http.links import BadLink, Redirect, follow_redirect, resolve_link
from product_analytics._http.wire import RequestOptions, build_request
from product_analytics._spec.operation import NOT_GIVEN
from product_analytics.models import Role

BASE = "https://api.test"
NO_DEFAULTS = {"project_id": None, "organization_id": None}


def build(operation: object, **kwargs: object) -> object:
    arguments: dict[str, object] = {
        "base_url": BASE,
        "path_args": {},
        "query_args": {},
        "body_fields": None,
        "options": RequestOptions(),
        "path_defaults": NO_DEFAULTS,
    }
    arguments.update(kwargs)
    return build_request(operation, **arguments)  # type: ignore[arg-type]


def test_build_request_fills_and_encodes_the_path() -> None:
    request = build(ops.ROLES_RETRIEVE, path_args={"organization_id": "o", "id": "a/../b?c#d"})
    assert request.method == "GET"  # type: ignore[attr-defined]
    assert request.url == f"{BASE}/api/organizations/o/roles/a%2F..%2Fb%3Fc%23d/"  # type: ignore[attr-defined]
    assert request.body is None  # type: ignore[attr-defined]
    assert dict(request.headers) == {"Accept": "application/json"}  # type: ignore[attr-defined]


def test_build_request_takes_a_missing_path_parameter_from_the_defaults() -> None:
    request = build(
        ops.ROLES_LIST, path_args={"organization_id": None}, path_defaults={"organization_id": "d"}
    )
    assert request.url == f"{BASE}/api/organizations/d/roles/"  # type: ignore[attr-defined]


def test_build_request_without_a_required_path_parameter_says_how_to_give_one() -> None:
    with pytest.raises(TypeError, match=r"AsyncClient\(organization_id=...\)"):
        build(ops.ROLES_LIST, path_args={"organization_id": None})


def test_build_request_sends_only_the_query_parameters_given() -> None:
    request = build(
        ops.ROLES_LIST,
        path_args={"organization_id": "o"},
        query_args={"limit": 5, "offset": None},
        options=RequestOptions(extra_query={"search": "a b"}),
    )
    assert request.target == "/api/organizations/o/roles/?limit=5&search=a%20b"  # type: ignore[attr-defined]


def test_build_request_sends_exactly_the_body_fields_given() -> None:
    request = build(
        ops.PROXY_RECORDS_PARTIAL_UPDATE,
        path_args={"organization_id": "o", "id": "p"},
        body_fields={"domain": "a.example"},
        options=RequestOptions(extra_body={"note": 1}, timeout=3, deadline=9),
    )
    assert request.method == "PATCH"  # type: ignore[attr-defined]
    assert json.loads(request.body) == {"domain": "a.example", "note": 1}  # type: ignore[attr-defined]
    assert request.headers["Content-Type"] == "application/json"  # type: ignore[attr-defined]
    assert (request.timeout, request.deadline) == (3.0, 9.0)  # type: ignore[attr-defined]


def test_build_request_leaves_out_fields_not_given() -> None:
    request = build(
        ops.ROLES_CREATE,
        path_args={"organization_id": "o"},
        body_fields={"name": "n", "feature_flags_access_level": NOT_GIVEN},
    )
    assert json.loads(request.body) == {"name": "n"}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"path_args": {"organization_id": "o", "id": 5}}, TypeError),
        ({"path_args": {"organization_id": "o", "id": ""}}, ValueError),
        (
            {
                "path_args": {"organization_id": "o", "id": "r"},
                "options": RequestOptions(extra_headers={"Authorization": "x"}),
            },
            ValueError,
        ),
        (
            {
                "path_args": {"organization_id": "o", "id": "r"},
                "options": RequestOptions(timeout=-1),
            },
            ValueError,
        ),
    ],
)
def test_build_request_refuses_bad_arguments(kwargs: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        build(ops.ROLES_RETRIEVE, **kwargs)


@pytest.mark.parametrize(
    ("base", "link", "expected"),
    [
        ("http://a.test/x/?p=1", "?p=2", "http://a.test/x/?p=2"),
        ("http://a.test/x/", "/y/#frag", "http://a.test/y/"),
        ("http://a.test/x/", " https://b.test/z ", "https://b.test/z"),
    ],
)
def test_resolve_link_makes_a_link_absolute_without_its_fragment(
    base: str, link: str, expected: str
) -> None:
    assert resolve_link(base, link) == expected


@pytest.mark.parametrize(
    "link",
    ["ftp://a.test/", "http://a.test:99999/", "http://a.test:0/", "http://u@a.test/", "mailto:x"],
)
def test_resolve_link_refuses_what_is_not_a_usable_url(link: str) -> None:
    with pytest.raises(BadLink):
        resolve_link("http://a.test/", link)


@pytest.mark.parametrize(
    ("method", "status", "expected"),
    [
        ("GET", 301, Redirect("GET", "http://a.test/new", keep_body=True)),
        ("PATCH", 302, Redirect("PATCH", "http://a.test/new", keep_body=True)),
        ("POST", 301, Redirect("GET", "http://a.test/new", keep_body=False)),
        ("POST", 302, Redirect("GET", "http://a.test/new", keep_body=False)),
        ("PATCH", 303, Redirect("GET", "http://a.test/new", keep_body=False)),
        ("POST", 307, Redirect("POST", "http://a.test/new", keep_body=True)),
        ("DELETE", 308, Redirect("DELETE", "http://a.test/new", keep_body=True)),
    ],
)
def test_follow_redirect_on_the_same_origin(method: str, status: int, expected: Redirect) -> None:
    assert follow_redirect(method, "http://a.test/old", status, "/new") == expected


@pytest.mark.parametrize(
    "location", ["http://b.test/new", "https://a.test/new", "http://a.test:81/new"]
)
def test_follow_redirect_to_another_origin_gives_none(location: str) -> None:
    assert follow_redirect("GET", "http://a.test/old", 302, location) is None


def test_follow_redirect_to_a_bad_location_raises_bad_link() -> None:
    with pytest.raises(BadLink):
        follow_redirect("GET", "http://a.test/old", 302, "http://a.test:bad/")


def _answer(body: bytes, status: int = 200, **headers: str) -> Answer:
    return Answer(status, headers, body)


def test_decode_success_builds_the_model() -> None:
    role = decode_success(
        ops.ROLES_RETRIEVE, _answer(b'{"id": "r", "name": "n", "new": 1}'), method="GET", url="u"
    )
    assert isinstance(role, Role)
    assert role.model_extra == {"new": 1}


def test_decode_success_of_an_operation_without_a_body_is_none() -> None:
    assert (
        decode_success(
            ops.PROXY_RECORDS_DESTROY, _answer(b'{"success": true}'), method="DELETE", url="u"
        )
        is None
    )


def test_decode_success_of_open_json_gives_the_json_or_none_when_empty() -> None:
    op = ops.SESSIONS_PROPERTY_DEFINITIONS_RETRIEVE
    assert decode_success(op, _answer(b'{"a": [1]}'), method="GET", url="u") == {"a": [1]}
    assert decode_success(op, _answer(b"  "), method="GET", url="u") is None


@pytest.mark.parametrize("body", [b"not json", b'{"id": 5}', b"[]", b"[" * 100_000])
def test_decode_success_of_a_bad_body_raises_response_validation_error(body: bytes) -> None:
    with pytest.raises(ResponseValidationError) as caught:
        decode_success(
            ops.ROLES_RETRIEVE, _answer(body, **{"X-Request-Id": "q"}), method="GET", url="u"
        )
    assert caught.value.request_id == "q"


def test_decode_success_bounds_the_items_of_a_page() -> None:
    body = json.dumps({"results": [{"id": "a"}, {"id": "b"}]}).encode()
    with pytest.raises(ResponseValidationError):
        decode_success(ops.ROLES_LIST, _answer(body), method="GET", url="u", max_items=1)
    page = decode_success(ops.ROLES_LIST, _answer(body), method="GET", url="u", max_items=2)
    assert len(page.results) == 2


@pytest.mark.parametrize(
    ("status", "body", "cls", "detail"),
    [
        (400, b'{"detail": "bad", "code": "c", "attr": "a"}', BadRequestError, "bad"),
        (404, b"", NotFoundError, None),
        (500, b"<html>oops</html>", InternalServerError, None),
        (429, b'{"detail": "slow"}', RateLimitError, "slow"),
    ],
)
def test_decode_error_gives_the_typed_error(
    status: int, body: bytes, cls: type, detail: str | None
) -> None:
    error = decode_error(
        _answer(body, status, **{"X-Request-Id": "q"}), method="GET", url="u", retry_after=4.0
    )
    assert type(error) is cls
    assert (error.status_code, error.detail, error.request_id) == (status, detail, "q")
    if isinstance(error, RateLimitError):
        assert error.retry_after == 4.0


def test_decode_error_keeps_a_body_that_is_not_json_as_text() -> None:
    error = decode_error(_answer(b"{oops", 502), method="GET", url="u", retry_after=None)
    assert error.body == "{oops"


def test_a_page_with_far_more_values_than_its_items_allow_is_refused_unparsed() -> None:
    from product_analytics._generated.operations import SESSION_RECORDINGS_LIST
    from product_analytics._http.decode import MAX_VALUES_PER_ITEM, Answer, decode_success
    from product_analytics.errors import LowerLevelError, ResponseValidationError

    flood = b'{"results":[' + b",".join([b"1"] * (10 * MAX_VALUES_PER_ITEM + 2)) + b"]}"
    with pytest.raises(ResponseValidationError, match="not parsed") as caught:
        decode_success(
            SESSION_RECORDINGS_LIST, Answer(200, {}, flood), method="GET", url="u", max_items=10
        )
    assert isinstance(caught.value.__cause__, LowerLevelError)
    fine = b'{"results":[' + b",".join([b'{"id":"r","viewed":true}'] * 10) + b"]}"
    page = decode_success(
        SESSION_RECORDINGS_LIST, Answer(200, {}, fine), method="GET", url="u", max_items=10
    )
    assert len(page.results) == 10
