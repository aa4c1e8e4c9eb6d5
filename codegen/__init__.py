"""The SDK generator: spec/openapi.yaml in, generated modules of product_analytics out."""

# Recorded in every generated file's header; bump it when the output changes shape.
GENERATOR_VERSION = "2.0.0"
