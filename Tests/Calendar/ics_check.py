"""Checks a calendar that `taskpaper-lsp ics` wrote, for Tests/TaskPaperServerTests/CommandLine/CalendarCommandTests.swift.

Usage: python ics_check.py FILE.ics

The raw bytes: CRLF line ends only, no physical line past 75 octets, each one
valid UTF-8 on its own (folds never split a character). Then PyPI's icalendar
(7.x) parses it: no parse errors, the required properties of each component,
no singleton twice, DUE and DURATION never together, value types (DUE and
DTSTART both DATEs, both floating or both UTC DATE-TIMEs, DTSTART before DUE or,
for a repeating to-do due on a day, that day; DTEND after DTSTART, COMPLETED and
DTSTAMP in UTC), a DTSTART wherever an RRULE is. Each repeating component's
occurrences over a year come from recurring-ical-events; a component that does
not repeat occurs on its one day. Prints the components as JSON for
the Swift test to compare; exits 1 with the reason on the first problem.
"""

import datetime
import json
import sys

import icalendar
import recurring_ical_events


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def check_raw(data):
    if not data.endswith(b"\r\n"):
        fail("the calendar does not end with CRLF")
    for number, line in enumerate(data[:-2].split(b"\r\n"), 1):
        if b"\n" in line or b"\r" in line:
            fail(f"line {number}: a bare CR or LF")
        if len(line) > 75:
            fail(f"line {number}: {len(line)} octets (at most 75)")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as error:
            fail(f"line {number}: a fold splits a UTF-8 sequence ({error})")


def value_kind(value):
    if isinstance(value, datetime.datetime):
        return "utc" if value.tzinfo is not None and value.utcoffset() == datetime.timedelta(0) else (
            "floating" if value.tzinfo is None else "zoned")
    if isinstance(value, datetime.date):
        return "date"
    return type(value).__name__


def text(value):
    return None if value is None else str(value)


def written(value):
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%dT%H:%M:%S") + ("Z" if value.tzinfo is not None else "")
    return value.isoformat()


def check_component(component, calendar):
    name = component.name
    for prop in component.required:
        if prop not in component:
            fail(f"{name}: no {prop}")
    for prop in component.singletons:
        values = component.get(prop)
        if isinstance(values, list) and len(values) > 1:
            fail(f"{name}: {prop} more than once")
    if component.exclusive and all(prop in component for prop in component.exclusive):
        fail(f"{name}: {' and '.join(component.exclusive)} together")
    if value_kind(component.decoded("DTSTAMP")) != "utc":
        fail(f"{name}: DTSTAMP is not UTC")
    start = component.decoded("DTSTART") if "DTSTART" in component else None
    due = component.decoded("DUE") if "DUE" in component else None
    end = component.decoded("DTEND") if "DTEND" in component else None
    completed = component.decoded("COMPLETED") if "COMPLETED" in component else None
    if name == "VTODO":
        if due is None:
            fail("VTODO: no DUE")
        if value_kind(due) not in ("date", "floating", "utc"):
            fail(f"VTODO: DUE is {value_kind(due)}")
        same_day = "RRULE" in component and value_kind(due) == "date" and start == due
        if start is not None and (value_kind(start) != value_kind(due) or not (start < due or same_day)):
            fail(f"VTODO: DTSTART {start} is not a {value_kind(due)} before DUE {due}")
        if completed is not None and value_kind(completed) != "utc":
            fail("VTODO: COMPLETED is not UTC")
    else:
        if start is None or value_kind(start) not in ("date", "floating", "utc"):
            fail("VEVENT: DTSTART missing or zoned")
        if end is not None and (value_kind(end) != value_kind(start) or not start < end):
            fail(f"VEVENT: DTEND {end} is not a {value_kind(start)} after DTSTART {start}")
    categories = []
    for group in component.get("CATEGORIES", []) if isinstance(component.get("CATEGORIES"), list) else (
            [component["CATEGORIES"]] if "CATEGORIES" in component else []):
        categories += [str(c) for c in group.cats]
    if "RRULE" in component and start is None:
        fail(f"{name}: an RRULE without DTSTART")
    day = due if name == "VTODO" else start
    occurrences = [(day if not isinstance(day, datetime.datetime) else day.date()).isoformat()]
    if "RRULE" in component:
        occurrences = []
        first = start if not isinstance(start, datetime.datetime) else start.date()
        found = recurring_ical_events.of(calendar, components=[name]).between(
            first, first + datetime.timedelta(days=366))
        for occurrence in found:
            if str(occurrence["UID"]) != str(component["UID"]):
                continue
            day = occurrence.decoded("DUE") if name == "VTODO" else occurrence.decoded("DTSTART")
            occurrences.append((day if not isinstance(day, datetime.datetime) else day.date()).isoformat())
        occurrences.sort()
    return {
        "kind": name,
        "uid": text(component.get("UID")),
        "summary": text(component.get("SUMMARY")),
        "description": text(component.get("DESCRIPTION")),
        "categories": categories,
        "start": written(start),
        "due": written(due),
        "end": written(end),
        "status": text(component.get("STATUS")),
        "completed": written(completed),
        "rrule": component["RRULE"].to_ical().decode() if "RRULE" in component else None,
        "occurrences": occurrences,
    }


def main():
    with open(sys.argv[1], "rb") as file:
        data = file.read()
    check_raw(data)
    calendar = icalendar.Calendar.from_ical(data)
    for component in calendar.walk():
        if getattr(component, "errors", None):
            fail(f"{component.name}: {component.errors}")
    if str(calendar.get("VERSION")) != "2.0" or "PRODID" not in calendar:
        fail("VCALENDAR: no VERSION:2.0 or no PRODID")
    out = [check_component(c, calendar) for c in calendar.walk() if c.name in ("VTODO", "VEVENT")]
    print(json.dumps(out, ensure_ascii=False))


main()
