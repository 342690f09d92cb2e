"""Resources: gazetteer, actor dictionary, lexicons and taxonomies, loaded lazily once per process."""
