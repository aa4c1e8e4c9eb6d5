# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 7ae6a664eefcbe9c772a7194f8c7b21a8a7f3d5e08031e13460fcaa0053bd75c),
# by codegen 2.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "7ae6a664eefcbe9c772a7194f8c7b21a8a7f3d5e08031e13460fcaa0053bd75c"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+7ae6a664eefc"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.0.0"
