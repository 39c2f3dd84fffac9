import {
  affectedSpecificationSchema,
  type AffectedSpecification,
} from "../../../common/specifications/specification-input.ts";
import { z } from "../../../common/zod.ts";
import type { ConfirmOptions } from "../ui/confirm.ts";
import { SPECIFICATION_CHANGES } from "../ui/texts.ts";

/**
 * A category update the server refused with 409 SPECIFICATION_VALUES_AFFECTED: it would remove
 * machines' values (a removed specification or option in use, a changed kind) or reinterpret them
 * (a changed unit). The refusal names, per specification, the machines; the administrator is asked
 * with them before the update is sent again with `confirm_value_changes: true`.
 */

const affectedSchema = z.object({ affected: z.array(affectedSpecificationSchema) });

/** The affected specifications of the refusal's `error` object; empty when it names none. */
export function affectedSpecifications(error: unknown): AffectedSpecification[] {
  const parsed = affectedSchema.safeParse(error);
  return parsed.success ? parsed.data.affected : [];
}

/** The question: how many machines, and which, per specification. */
export function valueChangesQuestion(affected: readonly AffectedSpecification[]): ConfirmOptions {
  const machines = new Set(affected.flatMap((specification) => specification.products.map((product) => product.uuid)));
  const details = affected.map(
    (specification) =>
      `${specification.name}, ${SPECIFICATION_CHANGES.changes[specification.change]} (${specification.products.map((product) => product.model).join(", ")})`,
  );
  return {
    title: SPECIFICATION_CHANGES.title,
    message: SPECIFICATION_CHANGES.message(machines.size, details),
    confirmLabel: SPECIFICATION_CHANGES.confirm,
    danger: true,
  };
}
