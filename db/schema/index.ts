export * from "./users";
export * from "./auth";
export * from "./menus";
export * from "./system";
export * from "./files";
export * from "./content";
export * from "./calendar";
export * from "./mail";
