"""Code generated from proto/ by `make proto` (subpackage `daimyo`); never edited by hand."""
