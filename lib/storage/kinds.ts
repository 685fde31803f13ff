import { UNREACHABLE } from "@/lib/api/unreachable";

/**
 * Every kind of upload, declared once with its limits and messages. The server (lib/files/upload.ts)
 * and the dropzone (components/dropzone) both read this file, so it must stay free of Node imports.
 */

export const UPLOAD_KIND_NAMES = [
  "banner",
  "post",
  "attachment",
  "event",
  "document",
  "profilePhoto",
  "request",
] as const;
export type UploadKindName = (typeof UPLOAD_KIND_NAMES)[number];

export type UploadKind = {
  name: UploadKindName;
  /** Shown in the dropzone's hint. */
  label: string;
  /** Files one form (and one upload request) may carry. */
  maxFiles: number;
  /** Megabytes as the old dropzone counted them (1 MB = 1024 * 1024 bytes). */
  maxFilesizeMb: number;
  /** Allowed extensions (lower case, no dot); null means any file that is not an executable. */
  extensions: readonly string[] | null;
  /** The upload call the dropzone posts to. */
  endpoint: string;
  /**
   * Photos taken on a phone are shrunk in the browser before they are sent, to this many pixels on their longest
   * side (components/dropzone/shrink-image.ts); unset: files go as they are.
   */
  shrinkImagesTo?: number;
  messages: {
    tooBig: string;
    tooMany: string;
    invalidType: string;
    required: string;
  };
};

const MB = 1024 * 1024;
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png"] as const;

/** The old portal's texts, typos fixed (docs/decisions.md). */
export const UPLOAD_MESSAGES = {
  tooBig: "File is too big ({{filesize}}MB). Max allowed file size is {{maxFilesize}}MB",
  onlyOne: "Only 1 file is allowed",
  onlyOneRemoveFirst: "You can only add one file. Please remove the current file to add another.",
  onlyN: "Only {{maxFiles}} files are allowed",
  invalidType: "You can't upload files of this type.",
  invalidImageType: "Invalid File Type",
  empty: "The file is empty.",
  badName: "The file name is not valid.",
  nameTooLong: "The file name may not be greater than 255 characters.",
  interrupted: "The upload was interrupted. Please try again.",
  noFile: "Please upload file",
  unreachable: UNREACHABLE,
} as const;

export const UPLOAD_KINDS: Record<UploadKindName, UploadKind> = {
  banner: {
    name: "banner",
    label: "Banner",
    maxFiles: 1,
    maxFilesizeMb: 25,
    extensions: IMAGE_EXTENSIONS,
    endpoint: "/api/v1/store_media_banner",
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyOne,
      invalidType: UPLOAD_MESSAGES.invalidImageType,
      required: "Required Banner.",
    },
  },
  post: {
    name: "post",
    label: "Upload Document",
    maxFiles: 20,
    maxFilesizeMb: 250,
    extensions: null,
    endpoint: "/api/v1/store_document?kind=post",
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyN,
      invalidType: UPLOAD_MESSAGES.invalidType,
      required: UPLOAD_MESSAGES.noFile,
    },
  },
  attachment: {
    name: "attachment",
    label: "Upload Document",
    maxFiles: 1,
    maxFilesizeMb: 250,
    extensions: null,
    endpoint: "/api/v1/store_document?kind=attachment",
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyOneRemoveFirst,
      invalidType: UPLOAD_MESSAGES.invalidType,
      required: UPLOAD_MESSAGES.noFile,
    },
  },
  event: {
    name: "event",
    label: "Attachments",
    // The old portal sets no count for event attachments; 20 keeps a zip of them reasonable.
    maxFiles: 20,
    maxFilesizeMb: 250,
    extensions: null,
    endpoint: "/api/v1/store_document?kind=event",
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyN,
      invalidType: UPLOAD_MESSAGES.invalidType,
      required: UPLOAD_MESSAGES.noFile,
    },
  },
  document: {
    name: "document",
    label: "Upload Document",
    maxFiles: 1,
    maxFilesizeMb: 250,
    extensions: null,
    endpoint: "/api/v1/store_document?kind=document",
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyOneRemoveFirst,
      invalidType: UPLOAD_MESSAGES.invalidType,
      required: UPLOAD_MESSAGES.noFile,
    },
  },
  request: {
    name: "request",
    label: "Photos or documents",
    // What a requester adds to a request while it needs information (docs/features/requests.md).
    maxFiles: 10,
    maxFilesizeMb: 25,
    extensions: null,
    endpoint: "/api/v1/store_document?kind=request",
    shrinkImagesTo: 1600,
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyN,
      invalidType: UPLOAD_MESSAGES.invalidType,
      required: UPLOAD_MESSAGES.noFile,
    },
  },
  profilePhoto: {
    name: "profilePhoto",
    label: "Profile photo",
    maxFiles: 1,
    maxFilesizeMb: 8,
    extensions: IMAGE_EXTENSIONS,
    endpoint: "/api/v1/uploadmedia",
    messages: {
      tooBig: UPLOAD_MESSAGES.tooBig,
      tooMany: UPLOAD_MESSAGES.onlyOne,
      invalidType: UPLOAD_MESSAGES.invalidImageType,
      required: UPLOAD_MESSAGES.noFile,
    },
  },
};

/** Executables and scripts are refused by name for every kind (and by content on the server). */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set([
  "exe",
  "dll",
  "com",
  "scr",
  "pif",
  "msi",
  "msp",
  "bat",
  "cmd",
  "vbs",
  "vbe",
  "js",
  "jse",
  "wsf",
  "wsh",
  "ps1",
  "psm1",
  "sh",
  "bash",
  "csh",
  "jar",
  "apk",
  "app",
  "elf",
  "cpl",
  "hta",
  "lnk",
  "reg",
  "gadget",
  "inf",
  "scf",
  "msc",
  "dmg",
  "pkg",
  "deb",
  "rpm",
  "so",
  "dylib",
]);

/** Image extensions shown as pictures (gallery, previews, inline downloads). */
export const IMAGE_PREVIEW_EXTENSIONS: ReadonlySet<string> = new Set(["gif", "jpg", "jpeg", "png"]);

export function maxBytesOf(kind: UploadKind): number {
  return kind.maxFilesizeMb * MB;
}

export function isUploadKindName(value: unknown): value is UploadKindName {
  return typeof value === "string" && (UPLOAD_KIND_NAMES as readonly string[]).includes(value);
}

/** Lower-case extension of a file name without the dot ("" when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const i = base.lastIndexOf(".");
  return i > 0 && i < base.length - 1 ? base.slice(i + 1).toLowerCase() : "";
}

/** Size in MB the way the old dropzone printed it: two decimals at most (26.5, 25.01). */
export function formatMb(bytes: number): number {
  return Math.round((bytes / MB) * 100) / 100;
}

export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => (k in values ? String(values[k]) : `{{${k}}}`));
}

export function tooBigMessage(kind: UploadKind, bytes: number): string {
  return fillMessage(kind.messages.tooBig, { filesize: formatMb(bytes), maxFilesize: kind.maxFilesizeMb });
}

export function tooManyMessage(kind: UploadKind): string {
  return fillMessage(kind.messages.tooMany, { maxFiles: kind.maxFiles });
}

/** Whether a file name is acceptable for the kind by its extension (content is checked on the server). */
export function extensionAllowed(kind: UploadKind, name: string): boolean {
  const ext = extensionOf(name);
  if (BLOCKED_EXTENSIONS.has(ext)) return false;
  return kind.extensions === null || kind.extensions.includes(ext);
}

/** The limits in words, shown before anything is uploaded. */
export function describeLimits(kind: UploadKind): string {
  const count = kind.maxFiles === 1 ? "1 file" : `Up to ${kind.maxFiles} files`;
  const types = kind.extensions ? `${kind.extensions.map((e) => `.${e}`).join(", ")} only` : "any document or image";
  return `${count}, ${kind.maxFilesizeMb} MB ${kind.maxFiles === 1 ? "at most" : "each"}; ${types}.`;
}

/** react-dropzone's `accept` for the kind (undefined = any type). */
export function acceptOf(kind: UploadKind): Record<string, string[]> | undefined {
  if (!kind.extensions) return undefined;
  return { "image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"] };
}
