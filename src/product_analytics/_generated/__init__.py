# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml (version 1.0.0, sha256 da0e0337df17f2e12d705b2578cbf9326e661c68509432d1c49853a1a915a30a),
# by codegen 2.0.0. Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

# SHA-256 of the spec file these modules were generated from.
SPEC_SHA256 = "da0e0337df17f2e12d705b2578cbf9326e661c68509432d1c49853a1a915a30a"
# The spec's `info.version`.
SPEC_VERSION = "1.0.0"
# What the client's User-Agent says of the spec: its version and SHA-256 prefix.
SPEC_USER_AGENT = "spec/1.0.0+da0e0337df17"
# The version of codegen/ that wrote them.
GENERATOR_VERSION = "2.0.0"
