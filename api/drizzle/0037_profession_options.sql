-- A stored profession is one of the sign-up's options, as the profile's select and the rules per profession read it:
-- older accounts and the demo held 'Arquiteta' or 'Engenheiro Civil'. The same reading as the contracts' professionOf.
UPDATE professionals SET profession = CASE
  WHEN lower(unaccent(btrim(profession))) ~ '^arquitet[oa]\y' THEN 'Arquiteto'
  WHEN lower(unaccent(btrim(profession))) ~ '^engenheir[oa]\y' THEN 'Engenheiro'
  WHEN lower(unaccent(btrim(profession))) ~ '^designer\y' AND lower(unaccent(profession)) LIKE '%interior%'
    THEN 'Designer de Interiores'
  WHEN lower(unaccent(btrim(profession))) ~ '^paisagista\y' THEN 'Paisagista'
  WHEN lower(unaccent(btrim(profession))) IN ('outro', 'outra') THEN 'Outro'
  ELSE profession
END
WHERE profession IS NOT NULL
  AND profession NOT IN ('Arquiteto', 'Engenheiro', 'Designer de Interiores', 'Paisagista', 'Outro');
