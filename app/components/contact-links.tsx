import { formatPhone, telHref } from "../../common/fields/phone.ts";
import { MailIcon, PhoneIcon } from "./icons.tsx";

interface Props {
  phones: readonly string[];
  emails: readonly string[];
  className?: string;
  itemClassName?: string;
  /** Hides the texts on narrow screens (kept for screen readers): the compact top bar. */
  labelClassName?: string;
}

/** Phones (grouped 4-3-3, tel: links) and e-mails (mailto: links), each with its icon. */
export function ContactLinks({ phones, emails, className, itemClassName, labelClassName }: Props) {
  return (
    <ul className={className}>
      {phones.map((phone) => (
        <li key={`phone-${phone}`} className={itemClassName}>
          <a href={telHref(phone)}>
            <PhoneIcon />
            <span className={labelClassName}>{formatPhone(phone)}</span>
          </a>
        </li>
      ))}
      {emails.map((email) => (
        <li key={`email-${email}`} className={itemClassName}>
          <a href={`mailto:${email}`}>
            <MailIcon />
            <span className={labelClassName}>{email}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
