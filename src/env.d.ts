/// <reference types="astro/client" />
// The site's variables are typed by astro:env (`astro sync` writes .astro/env.d.ts from src/env-schema.mjs).
