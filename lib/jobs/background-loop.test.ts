import { describe, expect, it, vi } from "vitest";
import { backgroundLoop } from "./background-loop";

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe("backgroundLoop", () => {
  it("runs a round at start, one more after a wake-up during a round (never two at once), and stops after the round under way", async () => {
    const loop = backgroundLoop("test-loop-1");
    let active = 0;
    let most = 0;
    let rounds = 0;
    let release: () => void = () => {};
    const round = vi.fn(async () => {
      active++;
      most = Math.max(most, active);
      rounds++;
      await new Promise<void>((r) => (release = r));
      active--;
    });
    const onStop = vi.fn();
    expect(loop.start({ intervalMs: 60_000, wakeDelayMs: 1, round, onStop })).toBe(true);
    expect(loop.start({ intervalMs: 60_000, wakeDelayMs: 1, round, onStop })).toBe(false);
    expect(rounds).toBe(1);
    loop.wake();
    await tick(10);
    expect(rounds).toBe(1);
    release();
    await tick(10);
    expect(rounds).toBe(2);
    const stopping = loop.stop();
    expect(onStop).not.toHaveBeenCalled();
    release();
    await stopping;
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(most).toBe(1);
    expect(loop.running()).toBe(false);
    loop.wake();
    await tick(10);
    expect(rounds).toBe(2);
  });

  it("with firstRoundMs, the first round waits that long; a loop stopped before it runs none", async () => {
    const later = backgroundLoop("test-loop-3");
    let rounds = 0;
    later.start({ intervalMs: 60_000, firstRoundMs: 30, wakeDelayMs: 1, round: async () => void rounds++ });
    await tick(5);
    expect(rounds).toBe(0);
    await tick(60);
    expect(rounds).toBe(1);
    await later.stop();
    const never = backgroundLoop("test-loop-4");
    never.start({ intervalMs: 60_000, firstRoundMs: 30, wakeDelayMs: 1, round: async () => void rounds++ });
    await never.stop();
    await tick(60);
    expect(rounds).toBe(1);
  });

  it("an error escaping a round does not stop the loop", async () => {
    const loop = backgroundLoop("test-loop-2");
    let rounds = 0;
    loop.start({
      intervalMs: 60_000,
      wakeDelayMs: 1,
      round: async () => {
        rounds++;
        throw new Error("boom");
      },
    });
    await tick(5);
    loop.wake();
    await tick(10);
    expect(rounds).toBe(2);
    await loop.stop();
  });
});
