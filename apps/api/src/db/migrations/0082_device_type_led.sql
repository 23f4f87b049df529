-- Which device types can blink their LED for "identify" (fleets spec §5 "Device actions:
-- availability": identify needs a device type that supports blinking). balena's device type
-- contracts carry it as data.led; the boards with a user-visible activity LED have it.
UPDATE device_type
   SET contract = jsonb_set(contract, '{data,led}', to_jsonb(slug IN ('raspberrypi4-64', 'raspberrypi3', 'raspberrypi5', 'jetson-orin-nano', 'beaglebone-black')))
 WHERE contract IS NOT NULL;
