import { describe, expect, it } from "vitest";
import { categorize } from "./categorize.server";

describe("categorize", () => {
  it("does not call a football story about free agents AI", () => {
    const text = "The club signed two free agents this summer. Free agents cost no transfer fee, so the club could offer higher wages. The manager said the free agents will start the season in midfield.";
    expect(categorize({ title: "Free agents lift the club's hopes for the season", text })).not.toBe("ai");
  });

  it("calls AI agents AI", () => {
    expect(categorize({ title: "Building AI agents that call tools", text: "LLM agents call functions; the language model decides which tool to use." })).toBe("ai");
  });

  it("matches inflected forms and phrases, and weighs the title", () => {
    expect(categorize({ title: "How PostgreSQL indexes work", text: "B-tree indexes serve most queries." })).toBe("programming");
    expect(categorize({ title: "Typography for user interfaces", text: "Pick a type scale and line height for readable screens." })).toBe("design");
    expect(categorize({ title: "La photosynthèse expliquée", text: "Les plantes transforment la lumière en énergie chimique dans les chloroplastes." })).toBe("science");
  });

  it("reads .NET as .NET, not the word net", () => {
    const fishing = "A torn net loses half the catch. Lay the net flat, find each broken mesh and tie it with a sheet bend. A mended net lasts another season.";
    expect(categorize({ title: "How to mend a fishing net", text: fishing })).not.toBe("dotnet");
    expect(categorize({ title: "What's new in .NET 9", text: "The .NET runtime gets faster garbage collection and smaller containers." })).toBe("dotnet");
  });

  // The labelled set files cooking with hobbies and how-tos under learning; "contrast" in a
  // dessert's description made a crème brûlée recipe Design.
  it("files a recipe under learning, not design", () => {
    const text =
      "Crème brûlée is a rich custard base topped with a layer of hardened caramelised sugar. The custard is baked gently in a water bath so the eggs set without curdling. Heat the cream with a vanilla pod, whisk the yolks with sugar, then combine and strain. Bake the custard until it just sets, chill it for several hours, and caramelise the sugar right before serving. The contrast between the cold custard and the warm, brittle caramel is what makes this dessert special.";
    expect(categorize({ title: "Crème brûlée, the classic French dessert", headings: ["Crème brûlée"], text })).toBe("learning");
    expect(categorize({ title: "Weeknight cooking: a one-pan chicken dinner", text: "Roast the chicken with lemon and garlic; the ingredients fit one tray and the oven does the rest." })).toBe("learning");
  });

  it("falls back to learning when nothing matches", () => {
    expect(categorize({ title: "Untitled", text: "Lorem ipsum dolor sit amet." })).toBe("learning");
  });
});
