import type { Selectable } from "kysely";
import type { Collection, CriteriaType } from "~/lib/catalog/catalog";
import type { CollectionsTable } from "../db/schema";
import { toIsoString } from "../db/timestamps";

/** A stored collection as the domain object: 0/1 or boolean flags and Date or text timestamps made alike. */
export function toCollection(row: Selectable<CollectionsTable>): Collection {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    intro: row.intro,
    imageUrl: row.image_url,
    criteriaType: row.criteria_type as CriteriaType,
    criteriaValue: row.criteria_value,
    featured: Boolean(row.featured),
    keepsRule: Boolean(row.keeps_rule),
    isSample: Boolean(row.is_sample),
    updatedAt: toIsoString(row.updated_at),
  };
}
