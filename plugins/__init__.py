"""Built-in variant plugins. Each package here is registered through the
`crowsnest.plugins` entry-point group, exactly as a community plugin is."""
