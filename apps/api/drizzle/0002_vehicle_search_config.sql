-- Vehicle search: a text search configuration that folds accents (unaccent) and case, without
-- stemming (makes and models are names, not English words); prefix queries cover partial words.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'dealer_search') THEN
    CREATE TEXT SEARCH CONFIGURATION dealer_search (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION dealer_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END
$$;
