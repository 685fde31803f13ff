import { describe, expect, it } from "vitest";
import { shrunkName, shrunkSize } from "./shrink-image";

describe("photos shrunk before upload", () => {
  it("draws the longest side at the limit and keeps the proportions", () => {
    expect(shrunkSize(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(shrunkSize(20000, 10, 1600)).toEqual({ width: 1600, height: 1 });
  });

  it("leaves an image that fits as it is", () => {
    expect(shrunkSize(1600, 900, 1600)).toBeNull();
    expect(shrunkSize(640, 480, 1600)).toBeNull();
    expect(shrunkSize(0, 0, 1600)).toBeNull();
  });

  it("names the shrunk copy as the JPEG it is", () => {
    expect(shrunkName("IMG_0042.PNG")).toBe("IMG_0042.jpg");
    expect(shrunkName("brake.pads.heic.jpeg")).toBe("brake.pads.heic.jpg");
    expect(shrunkName("photo")).toBe("photo.jpg");
    expect(shrunkName(".png")).toBe(".png.jpg");
  });
});
