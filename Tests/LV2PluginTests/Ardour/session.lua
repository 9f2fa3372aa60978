-- Drives a real Ardour session for ArdourSessionTests, headless through ardour7-lua and its Dummy
-- backend, as a musician would in Ardour's window. One step per process, so that a reopened
-- session is read by an Ardour that never saw it:
--
--   ardour7-lua session.lua create FOLDER NAME NOTES TUNE
--     a new session, a MIDI track with SFZSampler (added by URI), a MIDI region holding NOTES
--     ("frame:key:length:velocity,..."), the plugin's Master Tune knob at TUNE cents; saved.
--   ardour7-lua session.lua choose FOLDER NAME PRESET PARAMETER AT FRAMES
--     opens it, chooses the host preset labelled PRESET, automates PARAMETER (a port label)
--     in a ramp from 1 at frame 0 to 0.5 at frame AT, bounces FRAMES frames with processing;
--     saved. Prints the Master Tune knob after the preset ("KNOB Master Tune <value>") and
--     "AUTOMATION <frame> <value>" every 1,024 frames as Ardour's curve gives it.
--   ardour7-lua session.lua reopen FOLDER NAME FRAMES
--     opens it and bounces again; saved.
--
-- A bounce prints "BOUNCE <path>" per channel. Anything that fails ends the process with an
-- "ERROR" line, which the test reports.

local uri = "https://github.com/sfzsampler/sfzsampler#instrument"
local mode, folder, name = arg[1], arg[2], arg[3]

local function fail(message)
  io.stdout:write("ERROR " .. message .. "\n")
  io.stdout:flush()
  os.exit(1)
end

local function only_track(session)
  local found
  for route in session:get_tracks():iter() do found = route:to_track() end
  if not found then fail("the session has no track") end
  return found
end

-- A parameter by its label: its number among the plugin's control inputs (what LuaAPI's
-- processor and automation functions take) and its port index (what Evoral.Parameter takes).
local function parameter_named(plugin, label)
  local control = 0
  for port = 0, plugin:parameter_count() - 1 do
    if plugin:parameter_label(port) == label then return control, port end
    if plugin:parameter_is_control(port) and plugin:parameter_is_input(port) then
      control = control + 1
    end
  end
  fail("the plugin has no parameter labelled " .. label)
end

-- A bounce with processing through the track's whole chain to its output: the render a user
-- gets from "Bounce (with processing)", written into the session's audio files.
local function bounce(track, frames, label)
  local region = track:bounce_range(0, frames, ARDOUR.InterThreadInfo(), track:main_outs(),
    false, label, false)
  if region:isnil() then fail("the bounce made no region") end
  for channel = 0, 1 do
    io.stdout:write("BOUNCE " .. region:source(channel):to_filesource():path() .. "\n")
  end
end

-- A MIDI region comes from bouncing the empty track without processing (Lua has no other way
-- to make one); its notes are then written into its model as the editor's pencil does.
local function add_notes(session, track, notes)
  local length = 0
  for frame, _, duration in notes:gmatch("(%d+):(%d+):(%d+):%d+") do
    length = math.max(length, tonumber(frame) + tonumber(duration))
  end
  local region = track:bounce_range(0, length + 48000, ARDOUR.InterThreadInfo(),
    ARDOUR.LuaAPI.nil_proc(), false, "notes", false)
  if region:isnil() then fail("no MIDI region could be made") end
  local model = region:to_midiregion():model()
  local command = model:new_note_diff_command("notes")
  local map = Temporal.TempoMap.read()
  for frame, key, duration, velocity in notes:gmatch("(%d+):(%d+):(%d+):(%d+)") do
    local from = map:quarters_at(Temporal.timepos_t(tonumber(frame)))
    local to = map:quarters_at(Temporal.timepos_t(tonumber(frame) + tonumber(duration)))
    command:add(ARDOUR.LuaAPI.new_noteptr(0, from, to - from, tonumber(key), tonumber(velocity)))
  end
  model:apply_command(session, command)
  track:playlist():add_region(region, Temporal.timepos_t(0), 1, false, 0, 0, false)
end

AudioEngine:set_backend("None (Dummy)", "", "")
local session
if mode == "create" then
  session = create_session(folder, name, 48000)
else
  session = load_session(folder, name)
end
if not session then fail("Ardour could not " .. mode .. " the session " .. folder) end

if mode == "create" then
  local notes, tune = arg[4], tonumber(arg[5])
  local tracks = session:new_midi_track(ARDOUR.ChanCount(ARDOUR.DataType("midi"), 1),
    ARDOUR.ChanCount(ARDOUR.DataType("audio"), 2), true,
    ARDOUR.LuaAPI.new_plugin_info(uri, ARDOUR.PluginType.LV2), nil, nil, 1, "SFZSampler",
    ARDOUR.PresentationInfo.max_order, ARDOUR.TrackMode.Normal, true)
  if tracks:size() ~= 1 then fail("no MIDI track with the plugin " .. uri) end
  local track = tracks:front():to_track()
  local insert = track:nth_plugin(0)
  if insert:isnil() then fail("the track has no plugin") end
  local plugin = insert:to_insert():plugin(0)
  ARDOUR.LuaAPI.set_processor_param(insert, parameter_named(plugin, "Master Tune"), tune)
  add_notes(session, track, notes)
elseif mode == "choose" then
  local preset_label, parameter, at, frames = arg[4], arg[5], tonumber(arg[6]), tonumber(arg[7])
  local track = only_track(session)
  local insert = track:nth_plugin(0)
  local plugin = insert:to_insert():plugin(0)
  local preset = plugin:preset_by_label(preset_label)
  if not preset or not preset.valid then fail("no host preset labelled " .. preset_label) end
  if not plugin:load_preset(preset) then fail("the preset " .. preset_label .. " did not load") end
  -- the knob as the host shows it once the preset is loaded
  io.stdout:write(string.format("KNOB Master Tune %.9g\n",
    ARDOUR.LuaAPI.get_processor_param(insert, parameter_named(plugin, "Master Tune"))))
  local control, port = parameter_named(plugin, parameter)
  local list, curve = ARDOUR.LuaAPI.plugin_automation(insert, control)
  if list:isnil() then fail("no automation for " .. parameter) end
  curve:add(Temporal.timepos_t(0), 1.0, false, false)
  curve:add(Temporal.timepos_t(at), 0.5, false, false)
  insert:to_automatable():automation_control(
    Evoral.Parameter(ARDOUR.AutomationType.PluginAutomation, 0, port), false)
    :set_automation_state(ARDOUR.AutoState.Play)
  -- the curve as Ardour evaluates it, every 1,024 frames, for the test's reference render
  for frame = 0, frames - 1, 1024 do
    io.stdout:write(string.format("AUTOMATION %d %.9g\n", frame,
      curve:eval(Temporal.timepos_t(frame))))
  end
  bounce(track, frames, "before-saving")
elseif mode == "reopen" then
  bounce(only_track(session), tonumber(arg[4]), "reopened")
else
  fail("unknown step " .. tostring(mode))
end

session:save_state("", false, false, false, false, false)
close_session()
io.stdout:write("DONE\n")
