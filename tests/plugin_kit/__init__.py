"""Plugin-kit tests (a package, so its conftest is not imported under the bare name
`conftest`, which other test folders import from)."""
