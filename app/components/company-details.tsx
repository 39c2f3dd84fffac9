import { COMPANY } from "../company.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { MapPinIcon } from "./icons.tsx";

/** Legal name, tax id, trade-register number and the address with its map link. */
export function CompanyDetails({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      <div>
        <dt>{t("contactDetails.legalName")}</dt>
        <dd>{COMPANY.legalName}</dd>
      </div>
      <div>
        <dt>{t("contactDetails.taxId")}</dt>
        <dd>{COMPANY.taxId}</dd>
      </div>
      <div>
        <dt>{t("contactDetails.tradeRegister")}</dt>
        <dd>{COMPANY.tradeRegister}</dd>
      </div>
      <div>
        <dt>{t("contactDetails.address")}</dt>
        <dd>
          <address>{COMPANY.address}</address>
          <a href={COMPANY.mapsUrl} target="_blank" rel="noopener noreferrer">
            <MapPinIcon /> {t("contactDetails.map")}
          </a>
        </dd>
      </div>
    </dl>
  );
}
