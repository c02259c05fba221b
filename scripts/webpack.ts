/**
 * Builds or serves the frontend package in the current folder (there is no webpack-cli):
 *
 *   tsx ../scripts/webpack.ts build [--mode development] [--out <dir>]
 *   tsx ../scripts/webpack.ts serve [--mode production]
 *
 * Loads `./webpack.config.ts`, whose default export is `(options) => Configuration`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import type { Configuration, Stats } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import type { BuildMode } from './lib/webpack-config';

export interface PackageConfigOptions {
  mode: BuildMode;
  outputPath?: string;
}
type ConfigFactory = (options: PackageConfigOptions) => Configuration;

interface Args {
  command: 'build' | 'serve';
  mode?: BuildMode;
  out?: string;
}

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command !== 'build' && command !== 'serve') {
    throw new Error(
      `Usage: webpack.ts build|serve [--mode production|development] [--out <dir>] (got '${command ?? ''}')`,
    );
  }
  const args: Args = { command };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '--mode' && (value === 'production' || value === 'development')) {
      args.mode = value;
      i++;
    } else if (flag === '--out' && value) {
      args.out = path.resolve(value);
      i++;
    } else {
      throw new Error(`Unknown or incomplete option '${flag}'`);
    }
  }
  return args;
}

async function loadConfig(options: PackageConfigOptions): Promise<Configuration> {
  const file = path.resolve('webpack.config.ts');
  const mod = (await import(pathToFileURL(file).href)) as {
    default: ConfigFactory | { default: ConfigFactory };
  };
  // A CommonJS-compiled config arrives as { default: { default: fn } } through import().
  const factory = typeof mod.default === 'function' ? mod.default : mod.default.default;
  return factory(options);
}

function printStats(stats: Stats): void {
  const info = stats.toJson({ all: false, errors: true, warnings: true, timings: true, assets: false });
  for (const w of info.warnings ?? []) console.warn(`WARNING ${w.moduleName ?? ''} ${w.message}`.trim());
  for (const e of info.errors ?? []) console.error(`ERROR ${e.moduleName ?? ''} ${e.message}`.trim());
}

async function build(config: Configuration): Promise<number> {
  const compiler = webpack(config);
  const stats = await new Promise<Stats | undefined>((resolve, reject) =>
    compiler.run((err, result) => (err ? reject(err) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats) return 1;
  printStats(stats);
  const ok = !stats.hasErrors();
  const seconds = ((stats.endTime - stats.startTime) / 1000).toFixed(1);
  console.log(
    `${ok ? 'built' : 'FAILED'} ${path.basename(process.cwd())} (${config.mode}) in ${seconds}s → ${config.output?.path}`,
  );
  return ok ? 0 : 1;
}

async function serve(config: Configuration): Promise<void> {
  const { devServer, ...webpackConfig } = config as Configuration & { devServer?: DevServerConfiguration };
  const compiler = webpack(webpackConfig);
  const server = new WebpackDevServer(devServer ?? {}, compiler);
  await server.start();
  console.log(`dev server for ${path.basename(process.cwd())} on http://localhost:${devServer?.port}/`);
  const stop = () => {
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const mode: BuildMode = args.mode ?? (args.command === 'build' ? 'production' : 'development');
  const config = await loadConfig({ mode, outputPath: args.out });
  if (args.command === 'build') {
    process.exitCode = await build(config);
  } else {
    await serve(config);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
