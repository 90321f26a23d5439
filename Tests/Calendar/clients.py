#!/usr/bin/env python3
"""Imports one iCalendar file into real calendar clients and prints, as JSON, what each shows.

Usage: clients.py [--client NAME]... [--from YYYY-MM-DD] [--days N] FILE.ics

Clients: calcurse, khal, emacs (icalendar.el into a diary), ical2html, todoman (through vdirsyncer).
Each runs in a fresh HOME and XDG folders under a temporary directory; nothing outside it is touched.
Per client: {"missing": reason} when it is not installed, else
  "shows":    {summary: [label, ...]}, one label a day the client shows the item on within the window:
              "YYYY-MM-DD" (all day, or a timed item covering the whole day), "YYYY-MM-DD HH:MM" (a
              time with no end), "YYYY-MM-DD HH:MM-HH:MM", "YYYY-MM-DD HH:MM-" (continues after the
              day), "YYYY-MM-DD -HH:MM" (began before it); " [CANCELLED]" is added where the client
              shows that status;
  "todos":    {summary: [{"due", "start", "status", "rrule"}, ...]} (calcurse: {"completed"} only);
  "notes":    {summary: text} where the client keeps one (calcurse's events, todoman);
  "messages": every warning, error or skip the client printed (progress lines left out).
Standard library only; times are the client's, in the local zone (TZ).
"""

import datetime as dt
import html
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from zoneinfo import ZoneInfo

DAY = dt.timedelta(days=1)


def run(args, env, cwd=None, stdin=None):
    p = subprocess.run(args, env=env, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def fresh_env(root):
    home = os.path.join(root, "home")
    for d in ("home", "config", "data", "cache", "tmp"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(
        HOME=home,
        XDG_CONFIG_HOME=os.path.join(root, "config"),
        XDG_DATA_HOME=os.path.join(root, "data"),
        XDG_CACHE_HOME=os.path.join(root, "cache"),
        TMPDIR=os.path.join(root, "tmp"),
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
    )
    return env


def label(day, start, end, all_day, status=None):
    """The day's label from the item's start and end (datetimes, or dates when all day)."""
    text = day.isoformat()
    if not all_day:
        starts = start.date() == day
        # An end at midnight ends the day before: it is not a time on this day.
        ends = end is not None and end.date() == day and end.time() != dt.time(0)
        if end is None or end == start:
            text += " " + start.strftime("%H:%M") + ("" if end is None else "-" + end.strftime("%H:%M"))
        elif starts or ends:
            text += " " + (start.strftime("%H:%M") if starts else "") + "-" + (end.strftime("%H:%M") if ends else "")
    if status:
        text += " [" + status + "]"
    return text


def add(shows, summary, text):
    shows.setdefault(summary, []).append(text)


def lines(text, skip=()):
    return [line for line in text.splitlines() if line.strip() and not any(re.search(s, line) for s in skip)]


def calcurse(ics, first, days, root):
    env = fresh_env(root)
    data = os.path.join(root, "calcurse")
    code, out, err = run(["calcurse", "-D", data, "-i", ics], env)
    messages = []
    # "4 apps / 16 events / 0 todos / 3 skipped", and the log of what was skipped and why.
    for line in (out + "\n" + err).splitlines():
        m = re.search(r"(\d+) skipped", line)
        if m and int(m.group(1)) > 0:
            messages.append(line.strip())
        m = re.search(r"See (\S+) for details", line)
        if m:
            log = m.group(1)
            with open(log, encoding="utf-8", errors="replace") as f:
                messages += [x for x in f.read().splitlines() if re.match(r"(VEVENT|VTODO) \[", x)]
            os.remove(log)
        elif line.strip() and not re.search(r"^Import process report: |/ 0 skipped$", line):
            messages.append(line.strip())
    if code != 0 and not messages:
        messages.append("calcurse -i exited with %d" % code)
    last = first + dt.timedelta(days=days - 1)
    fmt = "%(start:%Y-%m-%dT%H:%M)|%(end:%Y-%m-%dT%H:%M)|%n|%m\n"
    code, out, err = run(
        ["calcurse", "-D", data, "-Q", "--input-datefmt", "4", "--output-datefmt", "DAY %Y-%m-%d",
         "--from", first.isoformat(), "--to", last.isoformat(),
         "--format-apt", "T|" + fmt, "--format-recur-apt", "T|" + fmt,
         "--format-event", "D|%n|%m\n", "--format-recur-event", "D|%n|%m\n"], env)
    messages += lines(err)
    shows, notes = {}, {}

    def note(summary, name):
        # %n names the item's note file in the data folder (empty, or calcurse's "(null)", without a note).
        if name and name != "(null)":
            with open(os.path.join(data, "notes", name), encoding="utf-8") as f:
                notes[summary] = f.read().rstrip("\n")

    day = None
    for line in out.splitlines():
        if line.startswith("DAY "):
            day = dt.date.fromisoformat(line[4:14])
        elif line.startswith("D|"):
            name, summary = line[2:].split("|", 1)
            note(summary, name)
            add(shows, summary, label(day, None, None, True))
        elif line.startswith("T|"):
            start, end, name, summary = line[2:].split("|", 3)
            note(summary, name)
            add(shows, summary, label(day, dt.datetime.fromisoformat(start), dt.datetime.fromisoformat(end), False))
    # Completed to-dos are listed by -t0 only, open ones by -t too.
    todos = {}
    for option, completed in (("-t", False), ("-t0", True)):
        code, out, err = run(["calcurse", "-D", data, option, "--format-todo", "%m\n"], env)
        messages += lines(err)
        for summary in lines(out, [r"^to do:$", r"^completed tasks:$"]):
            if option == "-t":
                todos.setdefault(summary, []).append({"completed": False})
            elif not any(not t["completed"] for t in todos.get(summary, [])):
                todos.setdefault(summary, []).append({"completed": True})
    # calcurse prints its import report on both streams: each message once.
    return {"shows": shows, "notes": notes, "todos": todos, "messages": list(dict.fromkeys(messages))}


def khal(ics, first, days, root):
    env = fresh_env(root)
    cal = os.path.join(root, "calendar")
    os.makedirs(cal)
    config = os.path.join(root, "khal.conf")
    tz = os.environ.get("TZ", "UTC")
    with open(config, "w") as f:
        f.write(
            "[calendars]\n[[tp]]\npath = %s\ntype = calendar\n[locale]\ntimeformat = %%H:%%M\n"
            "dateformat = %%Y-%%m-%%d\nlongdateformat = %%Y-%%m-%%d\ndatetimeformat = %%Y-%%m-%%dT%%H:%%M\n"
            "longdatetimeformat = %%Y-%%m-%%dT%%H:%%M\nlocal_timezone = %s\ndefault_timezone = %s\n"
            "[default]\ndefault_calendar = tp\n" % (cal, tz, tz))
    code, out, err = run(["khal", "-c", config, "import", "--batch", ics], env)
    messages = lines(out + "\n" + err)
    if code != 0:
        messages.append("khal import exited with %d" % code)
    last = first + dt.timedelta(days=days - 1)
    code, out, err = run(
        ["khal", "-c", config, "list", "--day-format", "DAY {date}", "--format", "{start}|{end}|{status}|{title}",
         first.isoformat(), last.isoformat()], env)
    messages += lines(err)
    shows = {}
    day = None
    for line in out.splitlines():
        if line.startswith("DAY "):
            day = dt.date.fromisoformat(line[4:14])
            continue
        start, end, status, summary = line.split("|", 3)
        status = status.strip()
        if "T" in start:
            add(shows, summary, label(day, dt.datetime.fromisoformat(start), dt.datetime.fromisoformat(end), False, status))
        else:
            add(shows, summary, label(day, None, None, True, status))
    return {"shows": shows, "messages": messages}


EMACS_IMPORT = r"""
(prefer-coding-system 'utf-8)
(require 'calendar)
(calendar-set-date-style 'iso)
(require 'icalendar)
(require 'diary-lib)
(setq icalendar-import-format "%s")
(setq diary-file (getenv "TP_DIARY"))
(with-temp-file diary-file (insert ""))
(unless (icalendar-import-file (getenv "TP_ICS") diary-file)
  (message "TP-ERROR icalendar-import-file returned nil"))
(let ((errors (get-buffer "*icalendar-errors*")))
  (when errors
    (with-current-buffer errors
      (dolist (line (split-string (buffer-string) "\n" t))
        (message "TP-ERROR %s" line)))))
(save-some-buffers t)
(setq diary-list-include-blanks nil)
(let* ((first (mapcar #'string-to-number (split-string (getenv "TP_FROM") "-")))
       (entries (diary-list-entries (list (nth 1 first) (nth 2 first) (nth 0 first))
                                    (string-to-number (getenv "TP_DAYS")) t)))
  (with-temp-file (getenv "TP_OUT")
    (setq buffer-file-coding-system 'utf-8)
    (dolist (e entries)
      (let ((d (car e)))
        (insert (format "%04d-%02d-%02d\t%s\n" (nth 2 d) (nth 0 d) (nth 1 d)
                        (replace-regexp-in-string "\n" " " (cadr e))))))))
"""

# What Emacs prints while it works: loading files and icalendar.el's progress.
EMACS_PROGRESS = [r"^Loading ", r"^Preparing diary\.\.\.(done)?$", r"^(Preparing|Reading|Converting) iCalendar\.\.\.(done)?$", r"^Saving file ",
                  r"^Wrote ", r"^\(No files need saving\)$"]


def emacs(ics, first, days, root):
    env = fresh_env(root)
    script = os.path.join(root, "import.el")
    with open(script, "w") as f:
        f.write(EMACS_IMPORT)
    out_file = os.path.join(root, "shown.txt")
    env.update(TP_DIARY=os.path.join(root, "diary"), TP_ICS=ics, TP_FROM=first.isoformat(), TP_DAYS=str(days),
               TP_OUT=out_file)
    code, out, err = run(["emacs", "-batch", "-Q", "-l", script], env)
    messages = [re.sub(r"^TP-ERROR ", "", x) for x in lines(out + "\n" + err, EMACS_PROGRESS)]
    if code != 0:
        messages.append("emacs exited with %d" % code)
    shows = {}
    if os.path.exists(out_file):
        with open(out_file, encoding="utf-8") as f:
            for line in f.read().splitlines():
                day, text = line.split("\t", 1)
                day = dt.date.fromisoformat(day)
                m = re.match(r"^\s*(\d\d?):(\d\d)(?:-(\d\d?):(\d\d))?\s+(.*)$", text)
                if m:
                    start = dt.datetime.combine(day, dt.time(int(m.group(1)), int(m.group(2))))
                    end = dt.datetime.combine(day, dt.time(int(m.group(3)), int(m.group(4)))) if m.group(3) else None
                    add(shows, m.group(5).strip(), label(day, start, end, False))
                else:
                    add(shows, text.strip(), label(day, None, None, True))
    return {"shows": shows, "messages": messages}


def ical2html(ics, first, days, root):
    env = fresh_env(root)
    tz = os.environ.get("TZ", "UTC")
    code, out, err = run(["ical2html", "-z", tz, first.strftime("%Y%m%d"), "P%dD" % days, ics], env)
    messages = lines(err)
    if code != 0:
        messages.append("ical2html exited with %d" % code)
    zone = ZoneInfo(tz)
    shows = {}

    def moment(title):
        if title.endswith("Z"):
            return dt.datetime.strptime(title, "%Y%m%dT%H%M%SZ").replace(tzinfo=dt.timezone.utc).astimezone(zone).replace(tzinfo=None)
        return dt.datetime.strptime(title, "%Y%m%dT%H%M%S")

    # Each item is written in the cell of each day it is shown on; the dtstart title is that day's.
    for m in re.finditer(r'<div class="vevent">(.*?)</div></div>', out, re.S):
        body = m.group(1)
        summary = html.unescape(re.search(r'class="summary">(.*?)</span>', body, re.S).group(1))
        start = re.search(r'class="dtstart"\s+title="([^"]+)"', body).group(1)
        end = re.search(r'class="dtend"\s+title="([^"]+)"', body)
        if "T" in start:
            s = moment(start)
            e = moment(end.group(1)) if end else None
            add(shows, summary, label(s.date(), s, e, False))
        else:
            add(shows, summary, label(dt.datetime.strptime(start, "%Y%m%d").date(), None, None, True))
    last = first + dt.timedelta(days=days)
    for summary in shows:
        shows[summary] = [x for x in shows[summary] if first.isoformat() <= x[:10] < last.isoformat()]
    return {"shows": shows, "messages": messages}


# vdirsyncer's progress while it syncs.
VDIRSYNCER_PROGRESS = [r"^Discovering collections for pair ", r"^Syncing ", r"^Copying \(uploading\) item ",
                       r"^Saved for ", r"^tp_(file|dir):$"]


def todoman(ics, first, days, root):
    env = fresh_env(root)
    todos_dir = os.path.join(root, "todos", "tp")
    os.makedirs(todos_dir)
    config = os.path.join(root, "vdirsyncer.conf")
    with open(config, "w") as f:
        f.write(
            '[general]\nstatus_path = "%s"\n[pair tp]\na = "tp_file"\nb = "tp_dir"\ncollections = null\n'
            'conflict_resolution = "a wins"\n[storage tp_file]\ntype = "singlefile"\npath = "%s"\nread_only = true\n'
            '[storage tp_dir]\ntype = "filesystem"\npath = "%s"\nfileext = ".ics"\n'
            % (os.path.join(root, "status"), ics, todos_dir))
    env["VDIRSYNCER_CONFIG"] = config
    messages = []
    for step in (["discover"], ["sync"]):
        code, out, err = run(["vdirsyncer"] + step, env)
        messages += lines(out + "\n" + err, VDIRSYNCER_PROGRESS)
        if code != 0:
            messages.append("vdirsyncer %s exited with %d" % (step[0], code))
    todoman_config = os.path.join(root, "todoman.py")
    cache = os.path.join(root, "todoman.sqlite3")
    with open(todoman_config, "w") as f:
        f.write('path = "%s/*"\ndate_format = "%%Y-%%m-%%d"\ntime_format = "%%H:%%M"\ncache_path = "%s"\n'
                % (os.path.dirname(todos_dir), cache))
    code, out, err = run(["todoman", "--config", todoman_config, "--porcelain", "list", "--status", "ANY"], env)
    messages += lines(err)
    if code != 0:
        messages.append("todoman list exited with %d" % code)
    listed = json.loads(out) if code == 0 else []
    # The porcelain list has no start, status or rule: those come from todoman's own cache of what it read
    # (what its --start, --startable and --status filters use).
    rows = {}
    if os.path.exists(cache):
        conn = sqlite3.connect(cache)
        conn.row_factory = sqlite3.Row
        rows = {r["id"]: r for r in conn.execute("SELECT * FROM todos")}

    def moment(value, is_date):
        if value is None:
            return None
        t = dt.datetime.fromtimestamp(value)
        return t.date().isoformat() if is_date else t.isoformat()

    todos, notes = {}, {}
    for item in listed:
        if item["description"]:
            notes[item["summary"]] = item["description"]
        row = rows.get(item["id"])
        todos.setdefault(item["summary"], []).append({
            "due": moment(row["due"], row["due_dt"]) if row else None,
            "start": moment(row["start"], row["start_dt"]) if row else None,
            "status": row["status"] if row else None,
            "rrule": row["rrule"] if row else None,
        })
    for summary in todos:
        todos[summary].sort(key=lambda t: t["due"] or "")
    return {"todos": todos, "notes": notes, "messages": messages}


CLIENTS = {
    "calcurse": (["calcurse"], calcurse),
    "khal": (["khal"], khal),
    "emacs": (["emacs"], emacs),
    "ical2html": (["ical2html"], ical2html),
    "todoman": (["vdirsyncer", "todoman"], todoman),
}


def main(argv):
    names, first, days, files = [], dt.date(2026, 11, 27), 365, []
    i = 0
    while i < len(argv):
        if argv[i] == "--client":
            names.append(argv[i + 1])
            i += 2
        elif argv[i] == "--from":
            first = dt.date.fromisoformat(argv[i + 1])
            i += 2
        elif argv[i] == "--days":
            days = int(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    if len(files) != 1 or any(n not in CLIENTS for n in names):
        sys.stderr.write(__doc__)
        return 2
    ics = os.path.abspath(files[0])
    result = {}
    for name in names or list(CLIENTS):
        programs, read = CLIENTS[name]
        missing = [p for p in programs if shutil.which(p) is None]
        if missing:
            result[name] = {"missing": "%s not found on PATH (Debian: apt-get install %s)"
                            % (", ".join(missing), " ".join(missing).replace("emacs", "emacs-nox"))}
            continue
        with tempfile.TemporaryDirectory(prefix="tp-client-%s-" % name) as root:
            result[name] = read(ics, first, days, root)
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
