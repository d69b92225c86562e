import type { components } from '../../src/api/schema.gen.js';
import type { trainingItemResources, trainingItems } from '../db/schema.js';

export type TrainingItemBody = components['schemas']['TrainingItem'];
type ResourceBody = components['schemas']['Resource'];
type NodeBody = components['schemas']['TrainingItemNode'];
type ItemRow = typeof trainingItems.$inferSelect;
type ResourceRow = typeof trainingItemResources.$inferSelect;

export interface ItemExtras {
  /** The stored content read as blocks (commands/trainingItems/blocks.ts, storedBlocks). */
  blocks: components['schemas']['ContentBlock'][];
  resources: ResourceRow[];
  assignmentsToValidate: number;
  /** A section's items (outline nodes); empty for other types. */
  children: NodeBody[];
}

/** A resource of an item or of the store (the same columns). */
export function presentResource(row: Omit<ResourceRow, 'trainingItemId'>): ResourceBody {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    size: row.size,
    mime_type: row.mimeType,
    position: row.position,
    created_at: row.createdAt.toISOString(),
  };
}

/** The editor's view of an item: everything of the row, plus what hangs from it. */
export function presentTrainingItem(row: ItemRow, extras: ItemExtras): TrainingItemBody {
  return {
    id: row.id,
    training_uuid: row.trainingId,
    type: row.type,
    name: row.name,
    draft: row.draft,
    description: row.description,
    parent_id: row.parentId,
    position: row.position,
    content: row.content,
    blocks: extras.blocks,
    specific_content: row.specificContent,
    resources: extras.resources.map(presentResource),
    resources_count: extras.resources.length,
    min_complete_duration: row.minCompleteDuration,
    unlock_mode: row.unlockMode,
    unlock_at: row.unlockAt?.toISOString() ?? null,
    unlock_delay_days: row.unlockDelayDays,
    unlock_blockers: row.unlockBlockers,
    blocking: row.blocking,
    scorm_url: row.scormUrl,
    assignments_to_validate_count: extras.assignmentsToValidate,
    children: extras.children,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
