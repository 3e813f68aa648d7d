const webpack = require('webpack');

const { RuntimeGlobals, RuntimeModule, Template } = webpack;

/**
 * Runs a loaded chunk's modules in a task after the one that evaluated its script. A browser evaluates a script as
 * one task, and webpack runs the chunk's modules (and the shared modules they take: React's renderer, the UI kit)
 * in that task's microtasks: the kit's file was one task of 63 ms on a laptop, its compile and its modules' start
 * together, four times that on a phone. Each part under 50 ms on a phone blocks nothing; one task over 50 ms blocks
 * a tap for all of it. The step is `scheduler.yield()` where the browser has it (the rest of the work goes before
 * any other task), else a `setTimeout`; a chunk that is already in, or asked for again, runs at once.
 */
class YieldRuntimeModule extends RuntimeModule {
  constructor() {
    super('yield before a loaded chunk runs', RuntimeModule.STAGE_TRIGGER);
  }

  generate() {
    return Template.asString([
      `${RuntimeGlobals.ensureChunkHandlers}.yieldTask = (chunkId, promises) => {`,
      Template.indent([
        // The other handlers' promises (the script, the shared modules it consumes): all are in once this runs.
        'const self = Promise.resolve().then(() => {',
        Template.indent([
          'const others = promises.filter((promise) => promise !== self);',
          'if (!others.length) return undefined;',
          'return Promise.all(others).then(() => new Promise((resolve) => {',
          Template.indent([
            'const scheduler = globalThis.scheduler;',
            "if (scheduler && typeof scheduler.yield === 'function') scheduler.yield().then(resolve, resolve);",
            'else setTimeout(resolve, 0);',
          ]),
          '}));',
        ]),
        '});',
        'promises.push(self);',
      ]),
      '};',
    ]);
  }
}

class YieldAfterChunkPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('YieldAfterChunkPlugin', (compilation) => {
      const added = new WeakSet();
      compilation.hooks.runtimeRequirementInTree
        .for(RuntimeGlobals.ensureChunkHandlers)
        .tap('YieldAfterChunkPlugin', (chunk) => {
          if (added.has(chunk)) return;
          added.add(chunk);
          compilation.addRuntimeModule(chunk, new YieldRuntimeModule());
        });
    });
  }
}

module.exports = { YieldAfterChunkPlugin, YieldRuntimeModule };
