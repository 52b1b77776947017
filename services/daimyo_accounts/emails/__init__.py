"""The accounts service's email texts, one JSON file per client locale (mail.py reads them)."""
