# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0),
# sha256 7a5baf9070bcaeaa804ff9cb9243af344e5d5c89d97ddb14cac30922194facff,
# by codegen 3.1.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "7a5baf9070bcaeaa804ff9cb9243af344e5d5c89d97ddb14cac30922194facff"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+7a5baf9070bc"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "3.1.0"
