"""SQL migrations of the accounts schema, applied in file-name order by
`python -m daimyo_accounts migrate`."""
