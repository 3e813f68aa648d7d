// The federation runtime checks a shared module's version against each consumer's range with its own semver
// (runtime-core's utils/semver), which rebuilds a dozen large regular expressions and runs them at every check: the
// checks of a signed-in page's start (every shared module, for the shell and each remote, and each version
// comparison) were 10 to 25 ms on a laptop inside main.js' first task. The answer depends on the two strings
// only, so each pair is worked out once. If the runtime changes that line, the build stops rather than go on
// without it.
const SATISFY = 'function satisfy(version, range) {';

module.exports = function semverMemoLoader(source) {
  if (!source.includes(SATISFY)) {
    throw new Error(`semver-memo-loader: "${SATISFY}" is not in ${this.resourcePath}; check the federation runtime`);
  }
  return source.replace(
    SATISFY,
    [
      'const satisfied = new Map();',
      'function satisfy(version, range) {',
      "  const key = version + '\\u0000' + range;",
      '  let answer = satisfied.get(key);',
      '  if (answer === undefined) {',
      '    answer = satisfyOnce(version, range);',
      '    satisfied.set(key, answer);',
      '  }',
      '  return answer;',
      '}',
      'function satisfyOnce(version, range) {',
    ].join('\n'),
  );
};
