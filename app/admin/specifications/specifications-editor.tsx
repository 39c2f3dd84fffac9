import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Switch, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import {
  CARD_SPECIFICATIONS_MAX,
  SPECIFICATION_KINDS,
  SPECIFICATION_NAME_MAX_LENGTH,
  SPECIFICATION_OPTIONS_MAX,
  SPECIFICATION_OPTIONS_MIN,
  SPECIFICATIONS_MAX,
  type SpecificationKind,
} from "../../../common/specifications/specification-schema.ts";
import { UNIT_KEYS, isUnitKey } from "../../../common/specifications/units.ts";
import { BilingualTextField } from "../translation/bilingual-text-field.tsx";
import { SPECIFICATIONS } from "../ui/texts.ts";
import {
  mayShowOnCard,
  newOption,
  newSpecification,
  withKind,
  type CategoryFormValues,
  type SpecificationDraft,
} from "./specification-drafts.ts";

type FormWithSpecifications = UseFormReturnType<CategoryFormValues>;

const KIND_OPTIONS = SPECIFICATION_KINDS.map((kind) => ({ value: kind, label: SPECIFICATIONS.kinds[kind] }));
const NO_UNIT = "";
const UNIT_OPTIONS = [
  { value: NO_UNIT, label: SPECIFICATIONS.noUnit },
  ...UNIT_KEYS.map((unit) => ({ value: unit, label: SPECIFICATIONS.unitLabel(unit) })),
];

/**
 * The category's specifications (its typed figures), in their order: each with its name in both
 * languages, its kind (a number with its unit, a choice with its options, yes/no, a short text),
 * whether the category's cards show it (at most CARD_SPECIFICATIONS_MAX) and whether its page offers
 * it as a filter. Moved with buttons (the keyboard's way, the focus following the moved one), added
 * and removed; nothing is sent before the category's Salvare.
 */
export function SpecificationsEditor({ form, disabled }: { form: FormWithSpecifications; disabled: boolean }) {
  const drafts = form.values.specifications;
  // After a move, the button to focus once the list is drawn again: the same one, or its twin when
  // the moved one reached an end (where its own is disabled).
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterMove.current === null) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });

  const move = (index: number, to: number) => {
    const draft = drafts[index];
    if (!draft || to < 0 || to >= drafts.length) return;
    form.reorderListItem("specifications", { from: index, to });
    const atEnd = to === 0 || to === drafts.length - 1;
    const direction = to < index ? "up" : "down";
    const twin = direction === "up" ? "down" : "up";
    focusAfterMove.current = moveButtonId(draft.key, atEnd ? twin : direction);
  };

  const rootError = form.errors.specifications;
  return (
    <Stack gap="md">
      <Text fw={600} component="h2" size="lg">
        {SPECIFICATIONS.heading}
      </Text>
      <Text size="sm">{SPECIFICATIONS.help}</Text>
      {drafts.length === 0 && <Text size="sm">{SPECIFICATIONS.none}</Text>}
      {drafts.map((draft, index) => (
        <SpecificationFieldset
          key={draft.key}
          form={form}
          draft={draft}
          index={index}
          count={drafts.length}
          mayShowOnCard={mayShowOnCard(drafts, index)}
          onMove={(to) => move(index, to)}
          disabled={disabled}
        />
      ))}
      {typeof rootError === "string" && (
        <Text c="red.8" size="sm" role="alert">
          {rootError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => form.insertListItem("specifications", newSpecification())}
          disabled={disabled || drafts.length >= SPECIFICATIONS_MAX}
        >
          {SPECIFICATIONS.add}
        </Button>
      </Group>
    </Stack>
  );
}

function moveButtonId(key: string, direction: "up" | "down"): string {
  return `specificatie-${key}-${direction}`;
}

interface SpecificationFieldsetProps {
  form: FormWithSpecifications;
  draft: SpecificationDraft;
  index: number;
  count: number;
  mayShowOnCard: boolean;
  onMove: (to: number) => void;
  disabled: boolean;
}

function SpecificationFieldset({
  form,
  draft,
  index,
  count,
  mayShowOnCard: cardAllowed,
  onMove,
  disabled,
}: SpecificationFieldsetProps) {
  const path = `specifications.${index}` as const;
  const number = index + 1;
  const title = SPECIFICATIONS.legend(number);
  return (
    <Fieldset legend={title} disabled={disabled}>
      <Stack gap="sm">
        <BilingualTextField
          form={form}
          label={SPECIFICATIONS.name}
          paths={{ ro: `${path}.name`, en: `${path}.name_en` }}
          maxLength={SPECIFICATION_NAME_MAX_LENGTH}
          required
          disabled={disabled}
        />
        <Group align="flex-start" grow preventGrowOverflow={false}>
          <NativeSelect
            label={SPECIFICATIONS.kind}
            data={KIND_OPTIONS}
            value={draft.kind}
            error={form.errors[`${path}.kind`]}
            onChange={(event) => {
              const kind = event.currentTarget.value as SpecificationKind;
              form.replaceListItem("specifications", index, withKind(draft, kind));
            }}
          />
          {draft.kind === "number" && (
            <NativeSelect
              label={SPECIFICATIONS.unit}
              data={UNIT_OPTIONS}
              value={draft.unit ?? NO_UNIT}
              error={form.errors[`${path}.unit`]}
              onChange={(event) => {
                const unit = event.currentTarget.value;
                form.setFieldValue(`${path}.unit`, isUnitKey(unit) ? unit : null);
              }}
            />
          )}
        </Group>
        {draft.kind === "choice" && <OptionsEditor form={form} draft={draft} path={path} disabled={disabled} />}
        <Group gap="xl" align="flex-start">
          <Switch
            label={SPECIFICATIONS.onCard}
            description={cardAllowed ? undefined : SPECIFICATIONS.cardLimit(CARD_SPECIFICATIONS_MAX)}
            disabled={disabled || !cardAllowed}
            {...form.getInputProps(`${path}.on_card`, { type: "checkbox" })}
          />
          <Switch label={SPECIFICATIONS.filter} {...form.getInputProps(`${path}.filter`, { type: "checkbox" })} />
        </Group>
        <Group gap="xs" justify="flex-end">
          <ActionIcon
            id={moveButtonId(draft.key, "up")}
            variant="default"
            onClick={() => onMove(index - 1)}
            disabled={disabled || index === 0}
            aria-label={SPECIFICATIONS.moveUp(number)}
          >
            <IconArrowUp size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            id={moveButtonId(draft.key, "down")}
            variant="default"
            onClick={() => onMove(index + 1)}
            disabled={disabled || index === count - 1}
            aria-label={SPECIFICATIONS.moveDown(number)}
          >
            <IconArrowDown size={18} aria-hidden="true" />
          </ActionIcon>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => form.removeListItem("specifications", index)}
            disabled={disabled}
            aria-label={SPECIFICATIONS.remove(number)}
          >
            {SPECIFICATIONS.removeShort}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

interface OptionsEditorProps {
  form: FormWithSpecifications;
  draft: SpecificationDraft;
  /** The specification's place in the form, typed so the options' paths are checked. */
  path: `specifications.${number}`;
  disabled: boolean;
}

function OptionsEditor({ form, draft, path, disabled }: OptionsEditorProps) {
  const optionsError = form.errors[`${path}.options`];
  return (
    <Stack gap="xs">
      {draft.options.map((option, optionIndex) => {
        const optionPath = `${path}.options.${optionIndex}` as const;
        const label = SPECIFICATIONS.option(optionIndex + 1);
        return (
          <Group key={option.key} align="flex-end" wrap="nowrap" gap="xs">
            <div style={{ flex: 1 }}>
              <BilingualTextField
                form={form}
                label={label}
                paths={{ ro: `${optionPath}.name`, en: `${optionPath}.name_en` }}
                maxLength={SPECIFICATION_NAME_MAX_LENGTH}
                required
                disabled={disabled}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mb={34}
              onClick={() => form.removeListItem(`${path}.options`, optionIndex)}
              disabled={disabled || draft.options.length <= SPECIFICATION_OPTIONS_MIN}
              aria-label={SPECIFICATIONS.removeOption(label)}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
      {typeof optionsError === "string" && (
        <Text c="red.8" size="sm">
          {optionsError}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => form.insertListItem(`${path}.options`, newOption())}
          disabled={disabled || draft.options.length >= SPECIFICATION_OPTIONS_MAX}
        >
          {SPECIFICATIONS.addOption}
        </Button>
      </Group>
    </Stack>
  );
}
