/**
 * The driver is made once per process and shared through globalThis by every separately bundled part
 * of the server (lib/storage/index.ts): the Pages Router upload routes, the App Router and the
 * instrumentation's sweeper each carry their own copy of this module, so an error thrown by a driver
 * that another bundle made is not an instance of this copy's class. `instanceof` answers by a
 * process-wide brand instead (Symbol.for), so every copy recognises every other's errors. (A storage
 * error judged by its class once turned an oversize upload into a 500 whenever the hourly sweeper had
 * made the driver.)
 */
function branded<T extends new (...args: never[]) => Error>(name: string, cls: T): T {
  const brand = Symbol.for(`portal.storage.${name}`);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value: (value: unknown) => typeof value === "object" && value !== null && brand in value,
  });
  return cls;
}

/** The stream passed the size limit; `bytesSeen` is how far it got (at least limit + 1). */
export const FileTooLargeError = branded(
  "FileTooLargeError",
  class FileTooLargeError extends Error {
    constructor(
      public maxBytes: number,
      public bytesSeen: number,
    ) {
      super(`File exceeds ${maxBytes} bytes`);
      this.name = "FileTooLargeError";
    }
  },
);
export type FileTooLargeError = InstanceType<typeof FileTooLargeError>;

/** A key that is not one of ours (traversal, absolute path, odd characters). */
export const InvalidKeyError = branded(
  "InvalidKeyError",
  class InvalidKeyError extends Error {
    constructor(key: string) {
      super(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
      this.name = "InvalidKeyError";
    }
  },
);
export type InvalidKeyError = InstanceType<typeof InvalidKeyError>;
