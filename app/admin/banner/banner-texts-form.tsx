import { Group, Image, Paper, Stack, Title } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { bannerViewSchema, type BannerView } from "../../../common/catalogue/catalogue-views.ts";
import { IMAGE_ALT_MAX_LENGTH } from "../../../common/fields/field-rules.ts";
import { BANNER_CAPTION_MAX_LENGTH } from "../../../common/schemas/banner.ts";
import { api } from "../api/api-client.ts";
import { BilingualTextField } from "../translation/bilingual-text-field.tsx";
import { useSchemaForm } from "../editing/forms.ts";
import { SaveButton } from "../ui/save-button.tsx";
import { SUCCESS } from "../ui/texts.ts";
import { toast } from "../ui/toasts.ts";
import { useFormSave } from "../editing/use-form-save.ts";
import { saveVersioned } from "../editing/versioned-save.ts";
import { bannerChanges } from "./banner-changes.ts";
import { bannerTextsSchema, textsOf, textsUpdate } from "./banner-texts.ts";

interface BannerTextsFormProps {
  banner: BannerView;
  /** The picture's place in the carousel, from 1. */
  number: number;
  /** After a save: the screen loads the banners again. */
  onSaved: () => Promise<void>;
  /** Whether the form holds unsaved changes, for the screen's leave guard. */
  onDirtyChange: (uuid: string, dirty: boolean) => void;
}

/**
 * One banner picture's texts: the caption over it and its description, each in Romanian and
 * English. Salvare sends PUT /api/banner/update with the texts changed only and the version the
 * screen loaded; the form then starts again from what the server stored (another's save: see
 * editing/versioned-save.ts).
 */
export function BannerTextsForm({ banner, number, onSaved, onDirtyChange }: BannerTextsFormProps) {
  const headingId = useId();
  // The version the texts were filled from, which a save names (decision 068).
  const [basis, setBasis] = useState(banner);
  const form = useSchemaForm(bannerTextsSchema, textsOf(banner));
  const changed = form.isDirty();
  // A deleted picture's form leaves with its changes: it reports none as it goes.
  useEffect(() => {
    onDirtyChange(banner.uuid, changed);
    return () => onDirtyChange(banner.uuid, false);
  }, [banner.uuid, changed, onDirtyChange]);

  const { submit, pending } = useFormSave(form, async (values) => {
    const update = textsUpdate(banner.uuid, form.getInitialValues(), values);
    if (!update) return;
    const startFrom = (stored: BannerView) => {
      setBasis(stored);
      form.setInitialValues(textsOf(stored));
      form.reset();
    };
    const saved = await saveVersioned({
      basis,
      send: (based, handled) =>
        api.put<BannerView>("/api/banner/update", { ...update, version: based.version }, { handled }),
      schema: bannerViewSchema,
      changes: bannerChanges,
      reload: (current) => {
        startFrom(current);
        void onSaved();
      },
    });
    if (!saved) return;
    toast.success(SUCCESS.bannerTextsSaved);
    startFrom(saved);
    await onSaved();
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Group align="flex-start" gap="md">
        <Image src={banner.image} alt={banner.alt} w={160} h={90} fit="cover" radius="sm" />
        <Stack gap="sm" style={{ flex: 1, minWidth: "18rem" }}>
          <Title order={3} size="h5" id={headingId}>
            Textele pozei {number}
          </Title>
          <BilingualTextField
            form={form}
            label="Text pe poza"
            paths={{ ro: "caption", en: "caption_en" }}
            maxLength={BANNER_CAPTION_MAX_LENGTH}
            disabled={pending}
          />
          <BilingualTextField
            form={form}
            label="Descrierea pozei"
            paths={{ ro: "alt", en: "alt_en" }}
            maxLength={IMAGE_ALT_MAX_LENGTH}
            required
            multiline
            disabled={pending}
          />
          <Group>
            <SaveButton pending={pending} disabled={!changed} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
