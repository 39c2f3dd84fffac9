import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import type { BannerView } from "../../../common/catalogue/catalogue-views.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { BannerTextsForm } from "../../admin/banner/banner-texts-form.tsx";
import { moveItem, picturePayload, type ListedPicture } from "../../admin/pictures/picture-list.ts";
import { PictureUpload } from "../../admin/pictures/picture-upload.tsx";
import { SortablePictures } from "../../admin/pictures/sortable-pictures.tsx";
import { UploadProgress } from "../../admin/pictures/upload-progress.tsx";
import { BANNER_RULES } from "../../admin/pictures/upload-rules.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { deleteAfterConfirm } from "../../admin/editing/delete-after-confirm.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { useLeaveGuard } from "../../admin/editing/use-leave-guard.ts";
import type { Route } from "./+types/banner";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";

export const meta = () => [{ title: "Poze banner — Administrare" }];

/** Spec §2: the banner pictures are preloaded, in carousel order. */
export const clientLoader = adminLoader(async () => ({ banners: await api.get<BannerView[]>("/api/banner/all") }));

function listed(banners: readonly BannerView[]): ListedPicture[] {
  return banners.map((banner) => ({ kind: "stored", key: banner.uuid, uuid: banner.uuid, src: banner.image }));
}

/**
 * /admin/main/banner (spec §2, §4): the carousel's pictures, each deleted after a confirmation;
 * new pictures chosen (up to the limits, counted with those already there), put in order, then
 * uploaded at once, after which the whole list is loaded again. The stored pictures' order is
 * changed by dragging (or from the keyboard) and saved with its own button. Each picture's caption
 * and description, in Romanian and English, are saved picture by picture; leaving with a picture's
 * texts changed and not saved asks first.
 */
export default function Banner({ loaderData }: Route.ComponentProps) {
  const { banners } = loaderData;
  const revalidator = useRevalidator();
  const { run, pending } = useApiAction();
  const [unsavedTexts, setUnsavedTexts] = useState<ReadonlySet<string>>(new Set());
  useLeaveGuard(unsavedTexts.size > 0);
  const noteTexts = useCallback((uuid: string, dirty: boolean) => {
    setUnsavedTexts((current) => {
      if (current.has(uuid) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
  }, []);
  const [chosen, setChosen] = useState<ListedPicture[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [order, setOrder] = useState<{ from: readonly BannerView[]; pictures: ListedPicture[] }>({
    from: banners,
    pictures: listed(banners),
  });
  // A reload replaces the list shown (and forgets an unsaved order).
  const stored = order.from === banners ? order.pictures : listed(banners);
  const reordered = stored.some((picture, index) => picture.key !== banners[index]?.uuid);
  const altOf = (index: number) =>
    banners.find((banner) => banner.uuid === stored[index]?.key)?.alt ?? `Poza banner ${index + 1}`;

  const upload = () =>
    run(async () => {
      setProgress(0);
      try {
        await api.upload("POST", "/api/banner/create", { banner: chosen.map(picturePayload) }, setProgress);
      } finally {
        setProgress(null);
      }
      toast.success(SUCCESS.bannerCreated);
      setChosen([]);
      await revalidator.revalidate();
    });

  const remove = (key: string) => {
    const index = stored.findIndex((picture) => picture.key === key);
    return deleteAfterConfirm(run, {
      question: {
        title: "Stergere poza banner",
        message: `Sunteti sigur ca doriti sa stergeti poza ${index + 1} din banner?`,
      },
      path: `/api/banner/${encodeURIComponent(key)}`,
      success: SUCCESS.imageDeleted,
      onDeleted: () => revalidator.revalidate(),
    });
  };

  const saveOrder = () =>
    run(async () => {
      await api.put("/api/banner/order", { order: stored.map((picture) => picture.key) });
      toast.success(SUCCESS.bannerOrderSaved);
      await revalidator.revalidate();
    });

  return (
    <Stack maw={1200}>
      <ScreenTitle>Poze banner</ScreenTitle>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Pozele din banner
        </Title>
        {stored.length === 0 ? (
          <Text size="sm">Bannerul nu are nicio poza.</Text>
        ) : (
          <SortablePictures
            pictures={stored}
            altOf={altOf}
            onMove={(from, to) => setOrder({ from: banners, pictures: moveItem(stored, from, to) })}
            onRemove={(key) => void remove(key)}
            disabled={pending}
          />
        )}
        {reordered && (
          <Group>
            <Button onClick={() => void saveOrder()} loading={pending}>
              Salvati ordinea
            </Button>
            <Button
              variant="default"
              onClick={() => setOrder({ from: banners, pictures: listed(banners) })}
              disabled={pending}
            >
              Renuntati
            </Button>
          </Group>
        )}
      </Stack>
      {banners.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Textele pozelor
          </Title>
          {banners.map((banner, index) => (
            <BannerTextsForm
              key={banner.uuid}
              banner={banner}
              number={index + 1}
              onSaved={() => revalidator.revalidate()}
              onDirtyChange={noteTexts}
            />
          ))}
        </Stack>
      )}
      <PictureUpload
        label="Adaugati poze in banner"
        pictures={chosen}
        countedBesides={banners.length}
        rules={BANNER_RULES}
        altOf={(index) => `Poza noua ${index + 1}`}
        onAdd={(added) => setChosen((current) => [...current, ...added])}
        onMove={(from, to) => setChosen((current) => moveItem(current, from, to))}
        onRemove={(key) => setChosen((current) => current.filter((picture) => picture.key !== key))}
        onRejected={(messages) => toast.error(messages.join(" "))}
        disabled={pending}
      />
      {progress !== null && <UploadProgress fraction={progress} label="Progresul incarcarii" />}
      <Group>
        <Button onClick={() => void upload()} disabled={chosen.length === 0 || pending} loading={pending}>
          Incarcati pozele
        </Button>
      </Group>
    </Stack>
  );
}
