export const BANNER_MESSAGES = {
  added: "Banner Added Successfully",
  statusChanged: "Banner Status Change successfully",
  deleted: "Banner Deleted Successfully",
  notFound: "Banner not found.",
  menuNotFound: "Menu not found.",
  exists: "Only 1 file is allowed. Please delete the current banner first.",
} as const;
