/** Glob patterns for fixture file names and command-line paths. */

/** A glob as a regular expression over "/"-separated paths: * within a name, ** across folders, ? one character, {a,b} either. */
export function globToRegExp(glob: string, ignoreCase = false): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') out += '(?:';
    else if (c === '}') out += ')';
    else if (c === ',' && glob.lastIndexOf('{', i) > glob.lastIndexOf('}', i)) out += '|';
    else out += c.replace(/[.+^$|()[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, ignoreCase ? 'i' : '');
}
