# GENERATED FILE: do not edit by hand.
# Source: spec/openapi.yaml, by codegen/ (templates in codegen/templates).
# Regenerate with `make generate`.
"""Modules generated from the spec; never edited by hand."""

SPEC_VERSION = "1.0.0"
