"""marshmallow schemas: input validation, output rendering and the match file format."""
