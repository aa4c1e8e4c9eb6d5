# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 79851a7aedd175e2b86d36af830ff905b2e786966e318b7365c42ce9329231ee),
# by codegen 2.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "79851a7aedd175e2b86d36af830ff905b2e786966e318b7365c42ce9329231ee"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+79851a7aedd1"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.0.0"
