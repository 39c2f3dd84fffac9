/**
 * The checks of spec §5/§9 made on chosen files BEFORE anything is sent: the type, the size per
 * file and the number of pictures in all. Each refusal is one message for a toast.
 */

export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

export interface UploadRules {
  /** Accepted declared types (what the picker and the drop zone accept). */
  accept: readonly string[];
  maxBytes: number;
  /** Pictures allowed in all, those already present included. */
  maxCount: number;
  /** The gallery names the file in its size message (spec §5); the header photo does not. */
  nameInMessages: boolean;
}

const MB = 1024 * 1024;

export function sizeLimitMessage(maxBytes: number): string {
  return `Dimensiune maxima acceptata este de ${Math.round(maxBytes / MB)}MB.`;
}

export function countLimitMessage(maxCount: number): string {
  return `Aveți voie să încărcați maxim ${maxCount} fișiere`;
}

function fileCondition(file: FileFacts, message: string, rules: UploadRules): string {
  return rules.nameInMessages ? `Imaginea ${file.name} nu indeplineste conditia: ${message}` : message;
}

export function typeMessage(file: FileFacts, rules: UploadRules): string {
  return fileCondition(file, "Tipul fisierului nu este acceptat.", rules);
}

export function corruptMessage(file: FileFacts, rules: UploadRules): string {
  return fileCondition(file, "Fisierul nu este o imagine valida.", rules);
}

export interface Screened<T extends FileFacts> {
  accepted: T[];
  messages: string[];
}

/**
 * Keeps the files of an accepted type and size; when they would take the total over the count
 * limit none of them is taken (a partial pick would be a surprise), and the count message is given.
 */
export function screenFiles<T extends FileFacts>(
  files: readonly T[],
  alreadyPresent: number,
  rules: UploadRules,
): Screened<T> {
  const messages: string[] = [];
  if (alreadyPresent + files.length > rules.maxCount)
    return { accepted: [], messages: [countLimitMessage(rules.maxCount)] };
  const accepted = files.filter((file) => {
    if (!rules.accept.includes(file.type.toLowerCase())) messages.push(typeMessage(file, rules));
    else if (file.size > rules.maxBytes) messages.push(fileCondition(file, sizeLimitMessage(rules.maxBytes), rules));
    else return true;
    return false;
  });
  return { accepted, messages };
}

/** Spec §2: '1 poza incarcata', '3 poze incarcate'. */
export function pictureCounter(count: number): string {
  return count === 1 ? "1 poza incarcata" : `${count} poze incarcate`;
}
