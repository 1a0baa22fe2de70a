import { describe, expect, it } from "vitest";
import { contentTypeFor, isSafeStoredName, storedImageName } from "./file-names";

describe("stored image names", () => {
  it("keeps a clean name as it is", () => {
    expect(storedImageName("aurora-side.jpg", "jpeg")).toBe("aurora-side.jpg");
    expect(storedImageName("Aurora_Side.JPEG", "jpeg")).toBe("Aurora_Side.JPEG");
  });

  it("makes other names safe and drops directories", () => {
    expect(storedImageName("Aurora Side (1).jpg", "jpeg")).toBe("Aurora-Side-1.jpg");
    expect(storedImageName("../../etc/passwd.png", "png")).toBe("passwd.png");
    expect(storedImageName("C:\\Users\\me\\Såuna.png", "png")).toBe("Sauna.png");
    expect(storedImageName("...png", "png")).toBe("image.png");
    expect(storedImageName("a..b.webp", "webp")).toBe("a.b.webp");
  });

  it("uses the extension of what the file really is", () => {
    expect(storedImageName("photo.png", "jpeg")).toBe("photo.jpg");
    expect(storedImageName("photo", "webp")).toBe("photo.webp");
    expect(storedImageName("evil.svg", "png")).toBe("evil.png");
    expect(storedImageName("page.html", "gif")).toBe("page.gif");
  });

  it("serves only safe names, with the content type of their extension", () => {
    expect(contentTypeFor("a.jpg")).toBe("image/jpeg");
    expect(contentTypeFor("a.WEBP")).toBe("image/webp");
    for (const name of ["../a.jpg", "a/b.jpg", "a\\b.jpg", ".hidden.jpg", "a.svg", "a.html", "a.jpg\u0000.png", "a..jpg", "", "a"]) {
      expect(isSafeStoredName(name), JSON.stringify(name)).toBe(false);
      expect(contentTypeFor(name)).toBeNull();
    }
  });
});
