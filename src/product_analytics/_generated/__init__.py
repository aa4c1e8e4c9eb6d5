# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 cef35f4d388833eaf42d75f019d060864ef42e622c50ee4159854aa3f1b7e813,
# by codegen 3.1.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "cef35f4d388833eaf42d75f019d060864ef42e622c50ee4159854aa3f1b7e813"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+cef35f4d3888"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "3.1.0"
