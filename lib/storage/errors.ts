/** The stream passed the size limit; `bytesSeen` is how far it got (at least limit + 1). */
export class FileTooLargeError extends Error {
  constructor(
    public maxBytes: number,
    public bytesSeen: number,
  ) {
    super(`File exceeds ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

/** A key that is not one of ours (traversal, absolute path, odd characters). */
export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
    this.name = "InvalidKeyError";
  }
}
