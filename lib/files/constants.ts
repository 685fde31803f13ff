export const FILE_MESSAGES = {
  notFound: "File not found.",
  invalidPath: "The file path is not valid.",
  notYours: "You can only remove your own uploads.",
  removed: "File Removed Successfully",
} as const;
