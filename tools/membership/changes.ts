import { courseSchema, dripIssues, lessonSchema } from './course.js';
import { priceTiers } from './plan.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { MembershipDocument } from './engine.js';
import type { Change } from './schema.js';

/** A revision's changes applied in order to a copy; each says what it did, or why it did nothing. */
export function applyChanges(before: MembershipDocument, changes: readonly Change[]): { document: MembershipDocument; applied: string[]; unapplied: string[] } {
  const document: MembershipDocument = structuredClone(before);
  const applied: string[] = [];
  const unapplied: string[] = [];
  const moduleAt = (id: string) => document.course.modules[Number(id.slice(1)) - 1];
  const lessonAt = (id: string) => {
    const [, m, l] = /^m(\d+)-l(\d+)$/.exec(id) ?? [];
    const module = document.course.modules[Number(m) - 1];
    return module && module.lessons[Number(l) - 1] ? { module, index: Number(l) - 1 } : undefined;
  };
  changes.forEach((change, index) => {
    const where = `changes[${index}] (${change.op})`;
    switch (change.op) {
      case 'set_course_title':
        document.course.title = change.title;
        applied.push(`set the course title to "${change.title}"`);
        break;
      case 'add_module': {
        const at = Math.min(change.position ?? document.course.modules.length, document.course.modules.length);
        document.course.modules.splice(at, 0, change.module);
        applied.push(`added module "${change.module.title}" at position ${at}`);
        break;
      }
      case 'add_lesson': {
        const module = moduleAt(change.module_id);
        if (!module) {
          unapplied.push(`${where}: there is no module ${change.module_id}`);
          break;
        }
        const at = Math.min(change.position ?? module.lessons.length, module.lessons.length);
        module.lessons.splice(at, 0, lessonSchema.parse(change.lesson));
        applied.push(`added lesson "${change.lesson.title}" to ${change.module_id}`);
        break;
      }
      case 'update_lesson': {
        const found = lessonAt(change.lesson_id);
        if (!found) {
          unapplied.push(`${where}: there is no lesson ${change.lesson_id}`);
          break;
        }
        const fields = Object.keys(change.set);
        if (!fields.length) {
          unapplied.push(`${where}: set names no field`);
          break;
        }
        found.module.lessons[found.index] = { ...(found.module.lessons[found.index] as (typeof found.module.lessons)[number]), ...change.set };
        applied.push(`updated ${fields.join(', ')} of lesson ${change.lesson_id}`);
        break;
      }
      case 'remove_lesson': {
        const found = lessonAt(change.lesson_id);
        if (!found) unapplied.push(`${where}: there is no lesson ${change.lesson_id}`);
        else if (found.module.lessons.length === 1) unapplied.push(`${where}: ${change.lesson_id} is its module's only lesson; a module needs one`);
        else {
          found.module.lessons.splice(found.index, 1);
          applied.push(`removed lesson ${change.lesson_id}`);
        }
        break;
      }
      case 'set_tiers': {
        const currency = change.currency ?? document.currency ?? undefined;
        priceTiers(change.tiers, currency, `${where.split(' ')[0]}.tiers`);
        document.tiers = change.tiers;
        document.currency = currency ?? null;
        applied.push(`set ${change.tiers.length} tier(s)`);
        break;
      }
      case 'set_drip':
        document.drip = change.drip;
        applied.push(`set the drip to ${change.drip.mode}`);
        break;
      case 'set_brand':
        document.brand = change.brand;
        applied.push('set the brand');
        break;
    }
  });
  const course = courseSchema.safeParse(document.course);
  if (!course.success)
    throw new OutcomeError('invalid_input', `changes: the course they make is not valid: ${course.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}.`);
  const issues = dripIssues(document.course, document.drip);
  if (issues.length) throw new OutcomeError('invalid_input', `changes: the drip no longer fits the course: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}.`);
  return { document, applied, unapplied };
}
