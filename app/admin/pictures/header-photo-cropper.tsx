import { FileInput, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop, type PixelCrop } from "react-image-crop";
import { CROP_ASPECT, CROP_DEFAULT_STEP, CROP_MIN_BOX, naturalCrop, outputSide, stepFromKey } from "./crop-output.ts";
import { screenFiles, type UploadRules } from "./upload-limits.ts";
import "react-image-crop/dist/ReactCrop.css";
import classes from "./header-photo-cropper.module.css";

/** What the form keeps of a cropped photo: enough to write the PNG when the product is saved. */
export interface CroppedPhoto {
  image: HTMLImageElement;
  /** The box as shown on screen. */
  box: PixelCrop;
}

/** Writes the crop as a PNG data URL (spec §9: PNG; its quality setting applies to lossy formats only). */
export function croppedPng({ image, box }: CroppedPhoto): string {
  const crop = naturalCrop(
    box,
    { width: image.width, height: image.height },
    { width: image.naturalWidth, height: image.naturalHeight },
  );
  const side = outputSide(crop);
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, side, side);
  return canvas.toDataURL("image/png");
}

const PREVIEW_SIDE = 160;

function drawPreview(canvas: HTMLCanvasElement, photo: CroppedPhoto): void {
  const { image, box } = photo;
  const crop = naturalCrop(
    box,
    { width: image.width, height: image.height },
    { width: image.naturalWidth, height: image.naturalHeight },
  );
  const context = canvas.getContext("2d");
  if (!context || crop.width <= 0) return;
  context.clearRect(0, 0, PREVIEW_SIDE, PREVIEW_SIDE);
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, PREVIEW_SIDE, PREVIEW_SIDE);
}

interface HeaderPhotoCropperProps {
  rules: UploadRules;
  /** The stored photo of a product being edited, shown until another file is chosen. */
  storedSrc?: string;
  storedAlt: string;
  error?: string;
  onCropped: (photo: CroppedPhoto | null) => void;
  onRejected: (messages: string[]) => void;
  disabled?: boolean;
}

/**
 * The header photo (spec §2, §4): a file is chosen, shown with a square crop box centred on it at
 * once (the automatic crop), which the mouse or the keyboard moves and resizes; the preview shows
 * what will be saved. States: no image, loading, ready; a file the browser cannot read ends in a
 * message instead of a silent failure.
 */
export function HeaderPhotoCropper({
  rules,
  storedSrc,
  storedAlt,
  error,
  onCropped,
  onRejected,
  disabled = false,
}: HeaderPhotoCropperProps) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string>();
  const [box, setBox] = useState<PercentCrop>();
  const [photo, setPhoto] = useState<CroppedPhoto | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const [step, setStep] = useState(CROP_DEFAULT_STEP);

  useEffect(() => {
    // react-image-crop reads its nudge step from a static; one cropper is on screen at a time.
    ReactCrop.nudgeStep = step;
  }, [step]);

  const shownUrl = useRef<string | undefined>(undefined);
  /** The object URL of the chosen file; the previous one is released. */
  const show = (next: File | null) => {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    shownUrl.current = next ? URL.createObjectURL(next) : undefined;
    setFile(next);
    setSource(shownUrl.current);
  };
  useEffect(
    () => () => {
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );

  useEffect(() => {
    if (photo && previewRef.current) drawPreview(previewRef.current, photo);
  }, [photo]);

  const choose = (chosen: File | null) => {
    setBox(undefined);
    setPhoto(null);
    onCropped(null);
    if (!chosen) {
      show(null);
      return;
    }
    const { accepted, messages } = screenFiles([chosen], 0, rules);
    if (messages.length > 0) onRejected(messages);
    show(accepted[0] ?? null);
  };

  const settle = (pixels: PixelCrop) => {
    const image = imageRef.current;
    if (!image || pixels.width < 1) return;
    const next = { image, box: pixels };
    setPhoto(next);
    onCropped(next);
  };

  const onLoad = (event: React.SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    const { width, height } = image;
    const initial = centerCrop(makeAspectCrop({ unit: "%", width: 90 }, CROP_ASPECT, width, height), width, height);
    setBox(initial);
    settle({
      unit: "px",
      x: (initial.x / 100) * width,
      y: (initial.y / 100) * height,
      width: (initial.width / 100) * width,
      height: (initial.height / 100) * height,
    });
  };

  const onError = () => {
    onRejected(["Imaginea nu a putut fi citita. Alegeti un alt fisier."]);
    show(null);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label="Poza oferta"
        placeholder="Alegeti o poza"
        accept={rules.accept.join(",")}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ "aria-label": "Renuntati la poza aleasa" }}
        required
        error={error}
        disabled={disabled}
      />
      {source ? (
        <Group align="flex-start" gap="lg">
          <div
            className={classes.crop}
            onKeyDown={(event) => {
              const next = stepFromKey(event.key);
              if (next) setStep(next);
            }}
          >
            <ReactCrop
              crop={box}
              aspect={CROP_ASPECT}
              minWidth={CROP_MIN_BOX}
              minHeight={CROP_MIN_BOX}
              keepSelection
              disabled={disabled}
              onChange={(_pixels, percent) => setBox(percent)}
              onComplete={settle}
              ariaLabels={{
                cropArea: `Zona decupata (sagetile o muta cu ${step} px; tastele 1-9 schimba pasul)`,
                nwDragHandle: "Coltul stanga sus",
                nDragHandle: "Marginea de sus",
                neDragHandle: "Coltul dreapta sus",
                eDragHandle: "Marginea din dreapta",
                seDragHandle: "Coltul dreapta jos",
                sDragHandle: "Marginea de jos",
                swDragHandle: "Coltul stanga jos",
                wDragHandle: "Marginea din stanga",
              }}
            >
              <img ref={imageRef} src={source} alt="Poza aleasa pentru decupare" onLoad={onLoad} onError={onError} />
            </ReactCrop>
          </div>
          <Stack gap={4}>
            <Text size="sm" id="header-photo-preview-label">
              Previzualizare
            </Text>
            <canvas
              ref={previewRef}
              width={PREVIEW_SIDE}
              height={PREVIEW_SIDE}
              className={classes.preview}
              role="img"
              aria-label="Previzualizarea pozei oferta decupate"
              data-ready={photo ? "true" : undefined}
            />
          </Stack>
        </Group>
      ) : (
        storedSrc && (
          <img src={storedSrc} alt={storedAlt} className={classes.stored} width={PREVIEW_SIDE} height={PREVIEW_SIDE} />
        )
      )}
    </Stack>
  );
}
