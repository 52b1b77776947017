-- The language an account chose for the client and its emails (issue 30): one of the client's
-- locales, or '' for none (the browser's languages decide then).
ALTER TABLE players ADD COLUMN language text NOT NULL DEFAULT ''
    CHECK (language IN ('', 'en', 'pt-BR', 'es', 'zh-Hans'));
