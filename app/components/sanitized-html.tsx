/**
 * Rich text the administrator wrote (offer header, details, technical data). The server sanitises it
 * when it is saved (sanitize-html, a small allow-list of tags), so it is inserted as stored; nothing
 * else may be rendered through this component.
 */
export function SanitizedHtml({
  html,
  lang,
  className,
}: {
  html: string;
  lang?: string | undefined;
  className?: string;
}) {
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
